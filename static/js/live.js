// A WebSocket that stays up by itself: reconnects with backoff, pings to notice a dead link, and tells
// the page its state ("connecting", "open", "lost", "closed") so the page can show it.

const PING_EVERY = 25000; // ms between pings
const PONG_WITHIN = 10000; // ms a ping may wait for any answer before the link is called dead
const BACKOFF = [1000, 2000, 4000, 8000, 15000, 30000];
const FINAL_CODES = new Set([4401, 4403, 4404]); // the server said no: retrying will not help

export class LiveSocket {
  /**
   * @param {string} path  e.g. "/ws/games/12/"
   * @param {{onMessage: Function, onState?: Function, onOpen?: Function}} handlers
   *   onOpen(reconnected) runs on each open; reconnected is true after the first.
   */
  constructor(path, handlers) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}${path}`;
    this.handlers = handlers;
    this.attempt = 0;
    this.opened = 0;
    this.state = "connecting";
    this.stopped = false;
    this.connect();
    window.addEventListener("online", () => this.retryNow());
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden && this.state === "lost") this.retryNow();
    });
  }

  setState(state) {
    if (this.state === state) return;
    this.state = state;
    this.handlers.onState?.(state);
  }

  connect() {
    clearTimeout(this.retryTimer);
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.scheduleRetry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.opened += 1;
      this.setState("open");
      this.handlers.onOpen?.(this.opened > 1);
      this.heartbeat();
    };
    ws.onmessage = (event) => {
      this.lastHeard = Date.now();
      clearTimeout(this.deadTimer);
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data.type !== "pong") this.handlers.onMessage(data);
    };
    ws.onclose = (event) => {
      if (ws !== this.ws) return;
      clearInterval(this.pingTimer);
      clearTimeout(this.deadTimer);
      if (this.stopped || FINAL_CODES.has(event.code)) {
        this.setState("closed");
        return;
      }
      this.scheduleRetry();
    };
    ws.onerror = () => {}; // onclose follows
  }

  scheduleRetry() {
    this.setState("lost");
    const base = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    this.attempt += 1;
    const wait = base * (0.8 + Math.random() * 0.4);
    this.handlers.onRetry?.(wait);
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  retryNow() {
    if (this.state !== "lost") return;
    this.attempt = 0;
    this.connect();
  }

  heartbeat() {
    clearInterval(this.pingTimer);
    this.pingTimer = setInterval(() => {
      if (!this.send({ type: "ping" })) return;
      clearTimeout(this.deadTimer);
      this.deadTimer = setTimeout(() => this.drop(), PONG_WITHIN);
    }, PING_EVERY);
  }

  /** Give up on a link that stopped answering (its close handshake may never come) and retry. */
  drop() {
    const old = this.ws;
    this.ws = null;
    clearInterval(this.pingTimer);
    try { old?.close(); } catch { /* already closed */ }
    if (!this.stopped) this.scheduleRetry();
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.ws?.close();
  }
}
