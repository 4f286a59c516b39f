export const ReleaseBadge = ({ version, children }) => (
  <span
    className="release-badge"
    title={`Added in version ${version}`}
    style={{ padding: '0 0.4em', border: '1px solid currentColor', borderRadius: '999px', fontSize: '0.85em', whiteSpace: 'nowrap' }}
  >
    {children ?? `v${version}`}
  </span>
);
