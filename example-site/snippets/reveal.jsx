export const Reveal = ({ label, children }) => {
  const [shown, setShown] = useState(false);
  return (
    <div className="reveal">
      <button type="button" aria-expanded={shown} onClick={() => setShown(!shown)}>
        {shown ? `Hide ${label}` : `Show ${label}`}
      </button>
      {shown && <div className="reveal-body">{children}</div>}
    </div>
  );
};
