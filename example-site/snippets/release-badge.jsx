export const ReleaseBadge = ({ version, children }) => (
  <span
    className="release-badge"
    title={`Added in version ${version}`}
  >
    {children ?? `v${version}`}
  </span>
);
