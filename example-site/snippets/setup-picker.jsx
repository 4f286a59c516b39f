const SETUPS = [
  { label: 'Command line', language: 'bash', file: 'terminal', code: 'npx astro-docs-json build --out dist' },
  { label: 'Astro project', language: 'js', file: 'astro.config.mjs', code: "import docsJson from 'astro-docs-json';\n\nexport default {\n  integrations: [docsJson({ dir: 'docs' })],\n};" },
  { label: 'Preview', language: 'bash', file: 'terminal', code: 'npx astro-docs-json preview --port 4321' },
];

export const SetupPicker = ({ Sample, Hint }) => {
  const [chosen, setChosen] = useState(SETUPS[0]);
  return (
    <div className="setup-picker">
      <div role="group" aria-label="How you run it">
        {SETUPS.map((setup) => (
          <button key={setup.label} type="button" aria-pressed={setup === chosen} onClick={() => setChosen(setup)}>
            {setup.label}
          </button>
        ))}
      </div>
      <Sample language={chosen.language} filename={chosen.file}>{chosen.code}</Sample>
      {Hint && <Hint setup={chosen.label} />}
    </div>
  );
};
