export const Shortcut = ({ keys }) => (
  <span
    className="shortcut"
    dangerouslySetInnerHTML={{ __html: keys.map((key) => `<kbd>${key}</kbd>`).join(' + ') }}
  />
);
