// Host page of the apphost test harness: the official MCP Apps host bridge
// (AppBridge + PostMessageTransport from @modelcontextprotocol/ext-apps) with
// one sandboxed iframe holding the view under test.
//
// The Go package bundles this file with esbuild at test time and serves it
// next to a tiny HTML page that sets window.__apphostConfig. Everything the
// page sees is appended to window.__events, which the Go side reads; the Go
// side drives the page through window.__apphost.
import {
  AppBridge,
  PostMessageTransport,
} from "@modelcontextprotocol/ext-apps/app-bridge";

const config = window.__apphostConfig;
const events = [];
window.__events = events;

// Waiters resolved whenever an event is recorded, so that Go can long-poll
// for new events instead of sleeping.
let waiters = [];

function record(kind, method, params) {
  events.push({ kind, method: method ?? "", params: params ?? null });
  const ready = waiters;
  waiters = [];
  for (const w of ready) w();
}

// Pending request ids per direction, so that a response can be recorded with
// the method of the request it answers.
const pendingFromView = new Map();
const pendingFromHost = new Map();

function recordMessage(fromView, msg) {
  const prefix = fromView ? "" : "host-";
  const mine = fromView ? pendingFromView : pendingFromHost;
  const theirs = fromView ? pendingFromHost : pendingFromView;
  if (typeof msg.method === "string") {
    if (msg.id !== undefined) {
      mine.set(msg.id, msg.method);
      record(prefix + "request", msg.method, msg.params);
    } else {
      record(prefix + "notification", msg.method, msg.params);
    }
    return;
  }
  const method = theirs.get(msg.id);
  theirs.delete(msg.id);
  if (msg.error !== undefined) {
    record(prefix + "error", method, msg.error);
  } else {
    record(prefix + "response", method, msg.result);
  }
}

// RecordingTransport wraps the official PostMessageTransport and records every
// JSON-RPC message in both directions, after the transport's own validation.
class RecordingTransport {
  constructor(inner) {
    this.inner = inner;
    inner.onmessage = (msg, extra) => {
      recordMessage(true, msg);
      this.onmessage?.(msg, extra);
    };
    inner.onerror = (err) => {
      record("page-error", "transport", String(err));
      this.onerror?.(err);
    };
    inner.onclose = () => this.onclose?.();
  }
  start() {
    return this.inner.start();
  }
  send(msg, options) {
    recordMessage(false, msg);
    return this.inner.send(msg, options);
  }
  close() {
    return this.inner.close();
  }
}

window.addEventListener("error", (e) => record("page-error", "error", String(e.message)));
window.addEventListener("unhandledrejection", (e) =>
  record("page-error", "unhandledrejection", String(e.reason)),
);

let hostContext = config.hostContext;

// The page around the frame follows the theme, as a host's chat does.
function applyTheme() {
  document.body.classList.toggle("dark", hostContext.theme === "dark");
}
applyTheme();

const bridge = new AppBridge(
  null,
  { name: "cardgen-apphost", version: "1.0.0" },
  {
    openLinks: {},
    serverTools: {},
    logging: {},
    message: { text: {} },
    updateModelContext: { text: {} },
  },
  { hostContext },
);

bridge.onerror = (err) => record("page-error", "bridge", String(err));

// Requests of the view are answered the way a permissive host answers them;
// the Go test reads what was asked from the recorded events.
bridge.onopenlink = async () => ({});
bridge.onmessage = async () => ({});
bridge.onupdatemodelcontext = async () => ({});
bridge.onrequestdisplaymode = async () => ({ mode: hostContext.displayMode ?? "inline" });
bridge.onloggingmessage = () => {};
bridge.onrequestteardown = () => {};
bridge.oncalltool = async (params) => {
  const res = await fetch(config.toolCallURL, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(params),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(body.error);
  return body;
};

const iframe = document.createElement("iframe");
iframe.setAttribute("sandbox", "allow-scripts");
iframe.id = "view";
document.body.appendChild(iframe);

// A real host fits the frame to the height the view reports.
bridge.onsizechange = ({ height }) => {
  if (height > 0) iframe.style.height = `${Math.ceil(height)}px`;
};

let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});

// The host sends nothing before the view says it is initialized; then the tool
// input, then the tool result, as real hosts do.
bridge.oninitialized = async () => {
  try {
    await bridge.sendToolInput({ arguments: config.toolInput ?? {} });
    if (config.toolResult != null) await bridge.sendToolResult(config.toolResult);
    resolveReady();
  } catch (err) {
    record("page-error", "send", String(err));
    rejectReady(err);
  }
};

window.__apphost = {
  ready,
  // next resolves with the events from index `from` on, as soon as there is at
  // least one, or with an empty list after `ms` milliseconds.
  next(from, ms) {
    if (events.length > from) return Promise.resolve(events.slice(from));
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve([]), ms);
      waiters.push(() => {
        clearTimeout(timer);
        resolve(events.slice(from));
      });
    });
  },
  // setHostContext merges patch into the host context; the bridge sends the
  // changed fields as ui/notifications/host-context-changed.
  setHostContext(patch) {
    hostContext = { ...hostContext, ...patch };
    applyTheme();
    bridge.setHostContext(hostContext);
  },
  teardown(ms) {
    return bridge.teardownResource({}, { timeout: ms });
  },
  // viewportPoint turns a point of the view's viewport into a point of the
  // page's viewport, scrolling the page first when it is out of sight.
  viewportPoint(x, y) {
    const at = () => {
      const r = iframe.getBoundingClientRect();
      return { x: r.left + iframe.clientLeft + x, y: r.top + iframe.clientTop + y };
    };
    let p = at();
    if (p.y < 0 || p.y >= window.innerHeight || p.x < 0 || p.x >= window.innerWidth) {
      window.scrollBy(p.x - window.innerWidth / 2, p.y - window.innerHeight / 2);
      p = at();
    }
    return p;
  },
};

// Connect before the view loads, so that its ui/initialize cannot be missed.
const transport = new RecordingTransport(
  new PostMessageTransport(iframe.contentWindow, iframe.contentWindow),
);
bridge.connect(transport).then(
  () => {
    iframe.srcdoc = config.html;
  },
  (err) => {
    record("page-error", "connect", String(err));
    rejectReady(err);
  },
);
