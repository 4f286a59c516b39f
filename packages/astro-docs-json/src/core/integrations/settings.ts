/**
 * A provider written wrong is a warning naming its JSON path and the form expected, and is
 * not loaded; the others are. A consent manager written wrong holds back every analytics
 * provider: without it the site could not ask readers first.
 */
import * as z from 'zod';
import { didYouMean, formatJsonPath, listOf, quote, valueAt, type ConfigIssue, type JsonPath } from '../diagnostics.ts';
import type { DocsJson } from '../schema/docs-json.ts';
import { integrationSchemas, type IntegrationName, type IntegrationsConfig } from '../schema/integrations.ts';

/** What each provider is, for messages, and which of them only count readers (the ones consent holds back). */
export const PROVIDERS: Record<IntegrationName, { label: string; kind: 'analytics' | 'support' | 'consent' | 'telemetry' }> = {
  adobe: { label: 'Adobe Analytics', kind: 'analytics' },
  amplitude: { label: 'Amplitude', kind: 'analytics' },
  clarity: { label: 'Microsoft Clarity', kind: 'analytics' },
  clearbit: { label: 'Clearbit', kind: 'analytics' },
  fathom: { label: 'Fathom', kind: 'analytics' },
  ga4: { label: 'Google Analytics 4', kind: 'analytics' },
  gtm: { label: 'Google Tag Manager', kind: 'analytics' },
  heap: { label: 'Heap', kind: 'analytics' },
  hightouch: { label: 'Hightouch', kind: 'analytics' },
  hotjar: { label: 'Hotjar', kind: 'analytics' },
  koala: { label: 'Koala', kind: 'analytics' },
  logrocket: { label: 'LogRocket', kind: 'analytics' },
  mixpanel: { label: 'Mixpanel', kind: 'analytics' },
  pirsch: { label: 'Pirsch', kind: 'analytics' },
  plausible: { label: 'Plausible', kind: 'analytics' },
  posthog: { label: 'PostHog', kind: 'analytics' },
  segment: { label: 'Segment', kind: 'analytics' },
  frontchat: { label: 'Front Chat', kind: 'support' },
  intercom: { label: 'Intercom', kind: 'support' },
  cookies: { label: 'the cookie consent check', kind: 'consent' },
  onetrust: { label: 'OneTrust', kind: 'consent' },
  transcend: { label: 'Transcend', kind: 'consent' },
  telemetry: { label: 'telemetry', kind: 'telemetry' },
};

export interface IntegrationSettings {
  /** The providers whose values are valid, as checked. */
  providers: IntegrationsConfig;
  /**
   * Whether analytics may load at all: not when `telemetry.enabled` is `false`, nor when a
   * consent manager is written wrong (the site could not ask readers first).
   */
  analyticsAllowed: boolean;
}

export function integrationSettings(config: DocsJson | undefined): { settings?: IntegrationSettings; issues: ConfigIssue[] } {
  const integrations = config?.integrations;
  if (!integrations) return { issues: [] };
  const providers: Record<string, unknown> = {};
  const issues: ConfigIssue[] = [];
  const brokenConsent: IntegrationName[] = [];
  for (const name of Object.keys(integrations) as IntegrationName[]) {
    const value = integrations[name];
    if (value === undefined) continue;
    const at: JsonPath = ['integrations', name];
    const schema = integrationSchemas[name] as z.ZodType;
    issues.push(...unknownKeysOf(name, value, schema));
    const parsed = schema.safeParse(value);
    if (parsed.success) {
      providers[name] = parsed.data;
      continue;
    }
    if (PROVIDERS[name].kind === 'consent') brokenConsent.push(name);
    // The first problem is enough to say why the provider is left out.
    const issue = firstIssue(parsed.error.issues, value);
    const expected = issue.path.length === 0 && issue.code === 'invalid_type' ? objectForm(schema) : issue.message;
    issues.push(invalidValue(name, value, [...at, ...(issue.path as JsonPath)], expected));
  }
  const checked = providers as IntegrationsConfig;
  const analytics = (Object.keys(checked) as IntegrationName[]).filter((name) => PROVIDERS[name].kind === 'analytics');
  const telemetryOff = checked.telemetry?.enabled === false;
  if (telemetryOff && analytics.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'telemetry-off',
      at: ['integrations', 'telemetry', 'enabled'],
      message: `\`integrations.telemetry.enabled\` is false: the site sends nothing about its readers, so ${listOf(analytics, 'and')} ${analytics.length === 1 ? 'is' : 'are'} not loaded.`,
      hint: 'Remove `telemetry` (or set `enabled` to true) to load them, or remove them.',
    });
  }
  if (brokenConsent.length > 0 && analytics.length > 0) {
    issues.push({
      severity: 'warning',
      code: 'consent-unavailable',
      at: ['integrations', brokenConsent[0]!],
      message: `${listOf(analytics, 'and')} ${analytics.length === 1 ? 'is' : 'are'} not loaded: they wait for the readers' consent, which ${PROVIDERS[brokenConsent[0]!].label} cannot ask as written.`,
      hint: `Fix \`integrations.${brokenConsent[0]}\` above.`,
    });
  }
  return { settings: { providers: checked, analyticsAllowed: !telemetryOff && brokenConsent.length === 0 }, issues };
}

function invalidValue(name: IntegrationName, root: unknown, path: JsonPath, expected: string): ConfigIssue {
  const input = valueAt(root, path.slice(2));
  const where = quote(formatJsonPath(path));
  const notLoaded = PROVIDERS[name].kind === 'telemetry' ? 'It is ignored.' : `${capitalized(PROVIDERS[name].label)} is not loaded.`;
  const message =
    input === undefined
      ? `${quote(formatJsonPath(path.slice(0, -1)))} has no ${quote(String(path.at(-1)))}, which it needs: ${expected}. ${notLoaded}`
      : `${where} is ${shown(input)}, which is not ${expected}. ${notLoaded}`;
  return { severity: 'warning', code: 'invalid-integration', at: path, message, hint: `Write ${expected}.` };
}

/** Keys a provider does not take, with a "did you mean" among those it does. */
function unknownKeysOf(name: IntegrationName, value: unknown, schema: z.ZodType): ConfigIssue[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const known = knownKeys(schema);
  return Object.keys(value)
    .filter((key) => !known.includes(key))
    .map((key) => ({
      severity: 'warning' as const,
      code: 'unknown-key',
      at: ['integrations', name, key],
      message: `Unknown key ${quote(key)} in integrations.${name}: it is ignored.`,
      hint: didYouMean(key, known) ?? `${capitalized(PROVIDERS[name].label)} takes ${listOf(known, 'and')}.`,
    }));
}

/** The keys of the object a provider's schema takes (its object branch, where it also takes a string). */
function knownKeys(schema: z.ZodType): string[] {
  let current: z.ZodType = schema;
  if (current instanceof z.ZodUnion) current = (current.options as z.ZodType[]).find((option) => option instanceof z.ZodObject) ?? current;
  if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
  return current instanceof z.ZodObject ? Object.keys(current.shape) : [];
}

/** The first issue; of a union (Front's chat ID, or an object holding it), that of the branch the value's type is for. */
function firstIssue(issues: readonly z.core.$ZodIssue[], value: unknown): z.core.$ZodIssue {
  const issue = issues[0]!;
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue;
  const isObject = typeof value === 'object' && value !== null;
  const branch = issue.errors[isObject ? issue.errors.length - 1 : 0] ?? [];
  return branch[0] ? { ...branch[0], path: [...issue.path, ...branch[0].path] } : issue;
}

function objectForm(schema: z.ZodType): string {
  return `an object with ${listOf(knownKeys(schema), 'and')}`;
}

/** A value as the message shows it: short, so that a long or hostile one does not fill the log. */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
