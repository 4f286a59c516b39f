// The WebSocket playground of AsyncAPI channel pages: connects to the URL typed (through the
// site's socket proxy when it has one, which refuses hosts the documents do not declare),
// sends what is typed and lists what comes back. The proxy says why it closes a connection
// in the close frame's reason, which is shown as it is.

interface Model {
  proxy?: string;
}

/** Messages kept in the log: an event stream must not grow the page without end. */
const MAX_LOG = 200;

for (const root of document.querySelectorAll<HTMLElement>('[data-socket-playground]')) {
  const model = JSON.parse(root.querySelector('[data-socket-model]')?.textContent || '{}') as Model;
  setUp(root, model);
}

function setUp(root: HTMLElement, model: Model) {
  const url = root.querySelector<HTMLInputElement>('[data-socket-url]')!;
  const connect = root.querySelector<HTMLButtonElement>('[data-socket-connect]')!;
  const disconnect = root.querySelector<HTMLButtonElement>('[data-socket-disconnect]')!;
  const send = root.querySelector<HTMLButtonElement>('[data-socket-send]')!;
  const message = root.querySelector<HTMLTextAreaElement>('[data-socket-message]')!;
  const status = root.querySelector<HTMLElement>('[data-socket-status]')!;
  const log = root.querySelector<HTMLOListElement>('[data-socket-log]')!;
  let socket: WebSocket | undefined;

  const show = (text: string) => (status.textContent = text);
  const append = (kind: 'sent' | 'received', text: string) => {
    const item = document.createElement('li');
    item.dataset.kind = kind;
    item.textContent = text;
    log.append(item);
    while (log.children.length > MAX_LOG) log.firstElementChild?.remove();
  };
  const connected = (open: boolean) => {
    connect.hidden = open;
    disconnect.hidden = !open;
    send.disabled = !open;
  };

  connect.addEventListener('click', () => {
    const target = url.value.trim();
    let address: string;
    try {
      const parsed = new URL(target);
      if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new Error('scheme');
      address = model.proxy ? `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${model.proxy}?url=${encodeURIComponent(target)}` : target;
    } catch {
      show('Give a ws:// or wss:// URL.');
      return;
    }
    socket?.close();
    show(`Connecting to ${new URL(target).host}…`);
    const current = new WebSocket(address);
    socket = current;
    current.addEventListener('open', () => {
      if (socket !== current) return;
      // Through the proxy, `open` is the proxy's: it says when the server answered.
      if (!model.proxy) show(`Connected to ${new URL(target).host}`);
      connected(true);
    });
    current.addEventListener('message', (event) => {
      if (socket !== current) return;
      const text = typeof event.data === 'string' ? event.data : '(binary message)';
      if (model.proxy && text.startsWith('\u0000proxy:')) show(text.slice('\u0000proxy:'.length));
      else append('received', text);
    });
    current.addEventListener('close', (event) => {
      if (socket !== current) return;
      connected(false);
      show(event.reason ? `Closed: ${event.reason}` : `Closed (code ${event.code})`);
    });
  });

  disconnect.addEventListener('click', () => socket?.close(1000));
  send.addEventListener('click', () => {
    if (socket?.readyState !== WebSocket.OPEN) return;
    socket.send(message.value);
    append('sent', message.value);
  });
}
