/**
 * The script every page of the site runs for docs.json `integrations`, made once per site:
 * each provider loaded the way its vendor's standard snippet loads it (a queue the page can
 * call at once, then the vendor's script, async), with only the values docs.json gives.
 *
 * Values reach the script as JSON literals with `<`, `>`, `&` and the JavaScript line
 * separators escaped, after `settings.ts` checked each id against its form: nothing from
 * docs.json can end the script or run as code.
 *
 * Analytics wait for consent when docs.json names a consent manager: the `cookies` check
 * (a key and value in local storage or a cookie, set by the site's own banner), OneTrust or Transcend
 * (their banner, their API); with several, each must consent. Support widgets do not wait:
 * the reader opens them. Page views: the site has no client-side router (every link loads
 * a whole page), so each vendor counts a page view when its script starts on a page.
 */
import type { IntegrationsConfig } from '../schema/integrations.ts';
import type { IntegrationSettings } from './settings.ts';

/** A value as a JavaScript literal that is safe inside an HTML `<script>`. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const js = scriptLiteral;

/** The methods the Segment-style snippets (Segment, Hightouch) queue until their library loads. */
const SEGMENT_METHODS = ['track', 'page', 'identify', 'group', 'alias', 'reset', 'ready', 'screen', 'once', 'off', 'on', 'debug', 'setAnonymousId'];

/** A queue named `name` on `window` whose `methods` push `[method, ...arguments]`, as those snippets build it. */
const methodQueue = (global: string, methods: string[]) =>
  `const q=window[${js(global)}]=window[${js(global)}]||[];for(const m of ${js(methods)})q[m]=q[m]||function(){q.push([m,...arguments]);return q};`;

type Providers = IntegrationsConfig;
type Loader<Name extends keyof Providers> = (value: NonNullable<Providers[Name]>) => string;

/** Each analytics provider's loader, a statement that `load(name, src, attributes)` helps. */
const ANALYTICS: { [Name in keyof Providers]?: Loader<Name> } = {
  adobe: ({ launchUrl }) => `load('adobe',${js(launchUrl)});`,
  amplitude: ({ apiKey }) =>
    `load('amplitude',${js(`https://cdn.amplitude.com/script/${apiKey}.js`)}).onload=()=>{window.amplitude&&window.amplitude.init(${js(apiKey)},{autocapture:{pageViews:true,sessions:true}})};`,
  clarity: ({ projectId }) =>
    `window.clarity=window.clarity||function(){(window.clarity.q=window.clarity.q||[]).push(arguments)};load('clarity',${js(`https://www.clarity.ms/tag/${projectId}`)});`,
  clearbit: ({ publicApiKey }) => `load('clearbit',${js(`https://tag.clearbit.com/v1/${publicApiKey}/tags.js`)});`,
  fathom: ({ siteId }) => `load('fathom','https://cdn.usefathom.com/script.js',{'data-site':${js(siteId)}});`,
  ga4: ({ measurementId }) =>
    `window.dataLayer=window.dataLayer||[];window.gtag=window.gtag||function(){window.dataLayer.push(arguments)};gtag('js',new Date());gtag('config',${js(measurementId)});load('ga4',${js(`https://www.googletagmanager.com/gtag/js?id=${measurementId}`)});`,
  gtm: ({ tagId }) =>
    `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});load('gtm',${js(`https://www.googletagmanager.com/gtm.js?id=${tagId}`)});`,
  heap: ({ appId }) =>
    `{${methodQueue('heap', ['track', 'identify', 'resetIdentity', 'addUserProperties', 'addEventProperties', 'removeEventProperty', 'clearEventProperties'])}q.appid=${js(appId)};q.config={};}load('heap',${js(`https://cdn.heapanalytics.com/js/heap-${appId}.js`)});`,
  hightouch: ({ writeKey, apiKey, apiHost }) =>
    `{${methodQueue('htevents', SEGMENT_METHODS)}q._writeKey=${js(writeKey ?? apiKey)};q._loadOptions=${js({ apiHost: apiHost ?? 'us-east-1.hightouch-events.com' })};q.page();}load('hightouch','https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js');`,
  hotjar: ({ hjid, hjsv }) =>
    `window.hj=window.hj||function(){(window.hj.q=window.hj.q||[]).push(arguments)};window._hjSettings={hjid:${Number(hjid)},hjsv:${Number(hjsv)}};load('hotjar',${js(`https://static.hotjar.com/c/hotjar-${hjid}.js?sv=${hjsv}`)});`,
  koala: ({ publicApiKey }) =>
    `{${methodQueue('ko', ['identify', 'track', 'removeListeners', 'open', 'on', 'off', 'qualify', 'ready'])}}load('koala',${js(`https://cdn.getkoala.com/v1/${publicApiKey}/sdk.js`)});`,
  logrocket: ({ appId, apiKey }) =>
    `load('logrocket','https://cdn.logr-in.com/LogRocket.min.js',{crossorigin:'anonymous'}).onload=()=>{window.LogRocket&&window.LogRocket.init(${js(appId ?? apiKey)})};`,
  mixpanel: ({ projectToken, region }) =>
    `{${methodQueue('mixpanel', ['track', 'track_pageview', 'register', 'register_once', 'identify', 'reset', 'time_event', 'alias', 'set_config'])}q.__SV=1.2;q.people=q.people||[];q._i=q._i||[];q._i.push([${js(projectToken)},${js({ api_host: MIXPANEL_HOSTS[region ?? 'us'], track_pageview: true })},'mixpanel']);}load('mixpanel','https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js');`,
  pirsch: ({ id }) => `load('pirsch','https://api.pirsch.io/pa.js',{id:'pianjs','data-code':${js(id)}});`,
  plausible: ({ domain, server }) => `load('plausible',${js(`https://${server ?? 'plausible.io'}/js/script.js`)},{'data-domain':${js(domain)}});`,
  posthog: ({ apiKey, apiHost, sessionRecording }) => {
    const host = apiHost ?? 'https://us.i.posthog.com';
    const config = { api_host: host, ...(sessionRecording === false ? { disable_session_recording: true } : {}) };
    return `{${methodQueue('posthog', ['capture', 'identify', 'alias', 'register', 'register_once', 'unregister', 'reset', 'group', 'set_config', 'opt_in_capturing', 'opt_out_capturing'])}q.__SV=1;q._i=q._i||[];q._i.push([${js(apiKey)},${js(config)}]);}load('posthog',${js(`${postHogAssets(host)}/static/array.js`)});`;
  },
  segment: ({ key }) =>
    `{${methodQueue('analytics', SEGMENT_METHODS)}q._writeKey=${js(key)};q.page();}load('segment',${js(`https://cdn.segment.com/analytics.js/v1/${key}/analytics.min.js`)});`,
};

const MIXPANEL_HOSTS = { us: 'https://api-js.mixpanel.com', eu: 'https://api-eu.mixpanel.com', in: 'https://api-in.mixpanel.com' } as const;

/** PostHog's cloud serves its library from an `-assets` host beside the one events go to; a self-hosted one serves both. */
function postHogAssets(host: string): string {
  const url = new URL(host);
  url.hostname = url.hostname.replace(/^(us|eu)\.i\.posthog\.com$/, '$1-assets.i.posthog.com');
  return url.origin;
}

/** Support widgets: loaded on every page, consent or not. */
const SUPPORT: { [Name in keyof Providers]?: Loader<Name> } = {
  intercom: ({ appId }) =>
    `window.intercomSettings={...window.intercomSettings,app_id:${js(appId)}};if(typeof window.Intercom!=='function'){const i=function(){i.q.push(arguments)};i.q=[];window.Intercom=i}load('intercom',${js(`https://widget.intercom.io/widget/${appId}`)});`,
  frontchat: (value) =>
    `load('frontchat','https://chat-assets.frontapp.com/v1/chat.bundle.js').onload=()=>{window.FrontChat&&window.FrontChat('init',{chatId:${js(typeof value === 'string' ? value : value.snippetId)},useDefaultLauncher:true})};`,
};

/**
 * Consent gates: each loads its manager when it has one, and calls `grant` once the reader
 * consents to analytics. Consent taken back after analytics loaded reloads the page, so that
 * the scripts already running stop (they cannot be unloaded).
 */
const GATES: { [Name in keyof Providers]?: Loader<Name> } = {
  cookies: ({ key, value }) =>
    // Mintlify's privacy page says local storage, its settings reference a cookie: either counts.
    `(grant)=>{const ok=()=>{try{if(localStorage.getItem(${js(key)})===${js(value)})return true}catch{}return String(document.cookie||'').split(/; */).includes(${js(`${key}=${value}`)})};if(ok())return grant();const seen=()=>{if(ok()){removeEventListener('storage',seen);grant()}};addEventListener('storage',seen)}`,
  onetrust: ({ domainScript, analyticsCategory }) =>
    `(grant)=>{let granted=false;const before=window.OptanonWrapper;window.OptanonWrapper=function(){if(typeof before==='function')before();const on=(','+(window.OnetrustActiveGroups||'')+',').includes(${js(`,${analyticsCategory ?? 'C0002'},`)});if(on&&!granted){granted=true;grant()}else if(!on&&granted)location.reload()};load('onetrust','https://cdn.cookielaw.org/scripttemplates/otSDKStub.js',{'data-domain-script':${js(domainScript)},charset:'UTF-8'})}`,
  transcend: ({ bundleId, analyticsPurpose }) =>
    `(grant)=>{let granted=false;window.airgap={readyQueue:[],ready(callback){this.readyQueue.push(callback)},...window.airgap};window.airgap.ready((airgap)=>{const check=()=>{const consent=airgap.getConsent?airgap.getConsent():{};const on=(consent.purposes||{})[${js(analyticsPurpose ?? 'Analytics')}]===true;if(on&&!granted){granted=true;grant()}else if(!on&&granted)location.reload()};check();airgap.addEventListener&&airgap.addEventListener('consent-change',check)});load('transcend',${js(`https://transcend-cdn.com/cm/${bundleId}/airgap.js`)},{'data-cfasync':'false'})}`,
};

/** Helpers every part of the script shares: `load` adds a vendor's script, async, marked with its provider. */
const PRELUDE =
  `const load=(name,src,attributes)=>{const s=document.createElement('script');s.async=true;s.src=src;s.dataset.integration=name;for(const[k,v]of Object.entries(attributes||{}))s.setAttribute(k,v);document.head.appendChild(s);return s};` +
  // One provider failing does not stop the others.
  `const run=(steps)=>{for(const step of steps){try{step()}catch(error){console.error(error)}}};`;

function statements<T extends Partial<Record<keyof Providers, Loader<never>>>>(table: T, providers: Providers): string[] {
  return (Object.keys(table) as Array<keyof Providers>)
    .filter((name) => providers[name] !== undefined)
    .map((name) => (table[name] as Loader<typeof name>)(providers[name] as never));
}

/** The script's source, or nothing when no provider is valid. */
export function integrationsScript(settings: IntegrationSettings | undefined): string {
  if (!settings) return '';
  const { providers, analyticsAllowed } = settings;
  const support = statements(SUPPORT, providers);
  const analytics = analyticsAllowed ? statements(ANALYTICS, providers) : [];
  const gates = statements(GATES, providers);
  if (support.length + analytics.length + gates.length === 0) return '';
  const steps = (list: string[]) => `[${list.map((statement) => `()=>{${statement}}`).join(',')}]`;
  return (
    `(()=>{${PRELUDE}` +
    `run(${steps(support)});` +
    `const analytics=${steps(analytics)};const gates=[${gates.join(',')}];` +
    // Analytics start when every gate has granted, each counted once.
    `let waiting=gates.length;const start=()=>run(analytics);` +
    `if(waiting===0)start();else run(gates.map((gate)=>()=>{let done=false;gate(()=>{if(!done){done=true;if(--waiting===0)start()}})}));` +
    `})();`
  );
}

/** The HTML the head of every page holds: one inline script, or nothing. */
export function integrationsHtml(settings: IntegrationSettings | undefined): string {
  const script = integrationsScript(settings);
  return script ? `<script data-integrations>${script}</script>` : '';
}
