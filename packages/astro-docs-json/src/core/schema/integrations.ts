/**
 * docs.json `integrations`: the analytics, tag managers, consent managers and support
 * widgets a site loads, one schema per provider with the form each of its ids takes.
 *
 * docs.json's own schema only knows the providers' names (an unknown one is a warning with
 * a "did you mean"); each provider's value is checked here, by `core/integrations/`, so that
 * one provider written wrong is a warning and is left out while the build goes on, as
 * Mintlify builds through it. Every id is checked against its form before it goes into a
 * script: docs repositories take pull requests from strangers.
 */
import * as z from 'zod';

/**
 * An id that must match `pattern` (a number is taken as its digits); `form` says what it
 * looks like, and is the message when it is missing or does not match.
 */
const idOf = (pattern: RegExp, form: string) =>
  z.any().transform((value: unknown, ctx) => {
    const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : undefined;
    if (text === undefined || text.length > 200 || !pattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: form });
      return z.NEVER;
    }
    return text;
  });

/** A host name, with a port maybe, and no scheme or path: `plausible.example.com`. */
const HOST = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*(?::\d{1,5})?$/;
const hostOf = (what: string) => idOf(HOST, `${what}, a host name without \`https://\` or a path, like \`plausible.example.com\``);

/** An https URL: what is loaded or sent to is never another scheme (`javascript:`, `data:`). */
const httpsUrl = (example: string) =>
  z
    .string({ message: `an https:// URL, like \`${example}\`` })
    .trim()
    .max(2000)
    .refine((text) => {
      if (!URL.canParse(text)) return false;
      const url = new URL(text);
      return url.protocol === 'https:' && url.username === '' && url.password === '';
    }, { message: `an https:// URL, like \`${example}\`` });

/** A name the site's own script compares with, never run: any text, JSON-encoded where it goes. */
const freeText = z.string({ message: 'a non-empty string' }).trim().min(1, { message: 'a non-empty string' }).max(200, { message: 'at most 200 characters' });

export const integrationSchemas = {
  // Analytics and tag managers.
  adobe: z.object({ launchUrl: httpsUrl('https://assets.adobedtm.com/launch-EN0123abcd.min.js') }),
  amplitude: z.object({ apiKey: idOf(/^[A-Za-z0-9]{8,64}$/, 'an Amplitude API key, 8 to 64 letters and digits') }),
  clarity: z.object({ projectId: idOf(/^[A-Za-z0-9]{4,32}$/, 'a Clarity project ID, letters and digits like `abc123xyz`') }),
  clearbit: z.object({ publicApiKey: idOf(/^pk_[A-Za-z0-9]{4,64}$/, 'a Clearbit public key, `pk_` then letters and digits') }),
  fathom: z.object({ siteId: idOf(/^[A-Za-z0-9]{4,32}$/, 'a Fathom site ID, letters and digits like `YSVMSDAY`') }),
  ga4: z.object({ measurementId: idOf(/^G-[A-Z0-9]{4,20}$/, 'a GA4 measurement ID, `G-` then capital letters and digits, like `G-XXXXXXX`') }),
  gtm: z.object({ tagId: idOf(/^GTM-[A-Z0-9]{4,20}$/, 'a Google Tag Manager container ID, `GTM-` then capital letters and digits, like `GTM-XXXX`') }),
  heap: z.object({ appId: idOf(/^\d{4,20}$/, 'a Heap app ID, digits like `1234567890`') }),
  hightouch: z
    .object({
      writeKey: idOf(/^[A-Za-z0-9]{8,128}$/, 'a Hightouch write key, letters and digits').optional(),
      /** The overview of Mintlify's docs names it `apiKey`; its Hightouch page `writeKey`. */
      apiKey: idOf(/^[A-Za-z0-9]{8,128}$/, 'a Hightouch write key, letters and digits').optional(),
      apiHost: hostOf('a Hightouch API host').optional(),
    })
    .refine((value) => value.writeKey !== undefined || value.apiKey !== undefined, { message: 'a Hightouch write key, letters and digits', path: ['writeKey'] }),
  hotjar: z.object({
    hjid: idOf(/^\d{1,12}$/, 'a Hotjar site ID, digits'),
    hjsv: idOf(/^\d{1,3}$/, 'a Hotjar snippet version, digits like `6`'),
  }),
  koala: z.object({ publicApiKey: idOf(/^[A-Za-z0-9_-]{4,64}$/, 'a Koala public key, letters, digits, `_` or `-`') }),
  logrocket: z
    .object({
      /** Mintlify's settings name it `appId`; its LogRocket page `apiKey`. Both are LogRocket's `org/app` id. */
      appId: idOf(/^[a-z0-9-]{1,64}\/[a-z0-9-]{1,64}$/, 'a LogRocket app ID, `organization/app`').optional(),
      apiKey: idOf(/^[a-z0-9-]{1,64}\/[a-z0-9-]{1,64}$/, 'a LogRocket app ID, `organization/app`').optional(),
    })
    .refine((value) => value.appId !== undefined || value.apiKey !== undefined, { message: 'a LogRocket app ID, `organization/app`', path: ['appId'] }),
  mixpanel: z.object({
    projectToken: idOf(/^[A-Za-z0-9]{8,64}$/, 'a Mixpanel project token, letters and digits'),
    region: z.enum(['us', 'eu', 'in'], { message: '`us`, `eu` or `in`' }).optional(),
  }),
  pirsch: z.object({ id: idOf(/^[A-Za-z0-9]{8,64}$/, 'a Pirsch identification code, letters and digits') }),
  plausible: z.object({
    domain: idOf(/^[A-Za-z0-9.-]{1,253}(?:,[A-Za-z0-9.-]{1,253})*$/, 'the site\'s domain without `https://`, like `docs.example.com`'),
    server: hostOf('a Plausible server').optional(),
  }),
  posthog: z.object({
    apiKey: idOf(/^phc_[A-Za-z0-9]{8,64}$/, 'a PostHog project API key, `phc_` then letters and digits'),
    apiHost: httpsUrl('https://eu.i.posthog.com').optional(),
    sessionRecording: z.boolean({ message: '`true` or `false`' }).optional(),
  }),
  segment: z.object({ key: idOf(/^[A-Za-z0-9]{8,64}$/, 'a Segment write key, letters and digits') }),
  // Support widgets.
  frontchat: z.union([
    // The support page writes the chat ID as the value; the settings reference as `snippetId`.
    idOf(/^[A-Za-z0-9]{6,64}$/, 'a Front chat ID, 6 or more letters and digits'),
    z.object({ snippetId: idOf(/^[A-Za-z0-9]{6,64}$/, 'a Front chat ID, 6 or more letters and digits') }),
  ]),
  intercom: z.object({ appId: idOf(/^[A-Za-z0-9]{6,32}$/, 'an Intercom app ID, 6 or more letters and digits like `abc123de`') }),
  // Consent and telemetry.
  cookies: z.object({ key: freeText, value: freeText }),
  onetrust: z.object({
    /** OneTrust's `data-domain-script`: the site's script ID, a UUID (with `-test` for its test scripts). */
    domainScript: idOf(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?:-test)?$/, 'a OneTrust domain script ID, a UUID like `01234567-89ab-cdef-0123-456789abcdef`'),
    /** The cookie category analytics belong to; OneTrust's default for performance cookies. */
    analyticsCategory: idOf(/^[A-Za-z0-9_-]{1,32}$/, 'a OneTrust category ID like `C0002`').optional(),
  }),
  transcend: z.object({
    bundleId: idOf(/^[A-Za-z0-9_-]{1,128}$/, 'a Transcend bundle ID: letters, digits, `-` and `_`'),
    analyticsPurpose: freeText.optional(),
  }),
  telemetry: z.object({ enabled: z.boolean({ message: '`true` or `false`' }).optional() }),
} as const;

export type IntegrationName = keyof typeof integrationSchemas;
export const INTEGRATION_NAMES = Object.keys(integrationSchemas) as IntegrationName[];
export type IntegrationsConfig = { [Name in IntegrationName]?: z.output<(typeof integrationSchemas)[Name]> };

/** What docs.json's schema holds of `integrations`: the providers' names; their values are checked by provider. */
export const integrationsKeysSchema = z.strictObject(
  Object.fromEntries(INTEGRATION_NAMES.map((name) => [name, z.unknown().optional()])) as { [Name in IntegrationName]: z.ZodOptional<z.ZodUnknown> },
);
