/**
 * Font Awesome Pro names that no free Iconify set has under the same name, each mapped to a
 * free icon that draws the same idea. Mintlify serves the whole of Font Awesome Pro, so real
 * sites name Pro icons; without this table they would show a blank space.
 *
 * This is the last step of the lookup (see `iconify.ts`): a name found in any set keeps that
 * set's icon, and a test checks that no entry here shadows a name a set has. Entries are
 * added for names real repositories use (the comment says where), not for the whole of Pro.
 * A Font Awesome free target is preferred, so that the icon matches the site's other icons;
 * Lucide or Tabler where Font Awesome free has nothing close.
 */

/** A free icon: the Iconify set's prefix and the icon's name in it. */
export interface IconRef {
  prefix: string;
  name: string;
}

const fa = (name: string): IconRef => ({ prefix: 'fa7-solid', name });
const lucide = (name: string): IconRef => ({ prefix: 'lucide', name });
const tabler = (name: string): IconRef => ({ prefix: 'tabler', name });

export const PRO_EQUIVALENTS: Readonly<Record<string, IconRef>> = {
  // A clock with an alert (a job's timeout: trigger.dev).
  'alarm-exclamation': fa('alarm-clock'),
  // Two arrows in a loop (retries: pipecat).
  'arrows-repeat': fa('repeat'),
  // A target with a pointer (a goal to reach: trigger.dev).
  'bullseye-pointer': fa('bullseye'),
  // Bars under a trend line (metrics: pipecat).
  'chart-mixed': lucide('chart-no-axes-combined'),
  // A parent task with its subtasks (task hierarchies: trigger.dev).
  'diagram-subtask': tabler('subtask'),
  // A smiling face (a turn-taking model's page: pipecat).
  'face-smiling-hands': fa('face-smile-beam'),
  // A file with a plus and a minus (a diff: Prefect).
  'file-plus-minus': lucide('file-diff'),
  // Steps joined into a flow (conversation flows: pipecat).
  flow: lucide('workflow'),
  // A gauge reading low (the list of names real sites use).
  'gauge-simple-low': fa('gauge-simple'),
  // A laptop beside a phone (clients on every device: pipecat).
  'laptop-mobile': lucide('monitor-smartphone'),
  // A speech bubble holding a bot (AI agents: trigger.dev and the list).
  'message-bot': lucide('bot-message-square'),
  // A speech bubble holding lines of text (messages: trigger.dev).
  'message-lines': lucide('message-square-text'),
  // A chip for AI hardware (the list of names real sites use).
  'microchip-ai': fa('microchip'),
  // A screen with a pulse line (monitoring: pipecat).
  'monitor-waveform': tabler('heart-rate-monitor'),
  // A phone with an arrow in (an incoming call: pipecat).
  'phone-arrow-down-left': lucide('phone-incoming'),
  // A phone with an arrow on (a call passed on: pipecat).
  'phone-arrow-right': lucide('phone-forwarded'),
  // A phone with an arrow out (an outgoing call: pipecat).
  'phone-arrow-up-right': lucide('phone-outgoing'),
  // A card with the edges of older cards behind it (versions, history: trigger.dev).
  'rectangle-history': lucide('gallery-vertical-end'),
  // A partial circle, the spinner (something running: trigger.dev).
  'spinner-third': fa('circle-notch'),
  // A pulse line (health, realtime: trigger.dev).
  'wave-pulse': lucide('activity'),
};
