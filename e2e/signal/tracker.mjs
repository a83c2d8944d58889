// Test only: a WebTorrent (WebSocket) tracker on 127.0.0.1 for e2e/friends, a real signalling
// server in place of the public ones.  Prints "tracker listening <port>" once it accepts.
// interval 50000: clients re-announce at a fifth of it, so a page that joins after the others
// is found within seconds, not minutes (docs/friends.md, "Late joiners").
import Server from "bittorrent-tracker/server"; // the server alone: the client needs a native build

const port = Number(process.argv[2] ?? 0);
const server = new Server({ udp: false, http: false, ws: true, stats: false, interval: 50000 });
server.on("error", (error) => {
  console.error(`tracker error: ${error.message}`);
  process.exit(1);
});
server.on("warning", (error) => console.error(`tracker warning: ${error.message}`));
server.on("listening", () => console.log(`tracker listening ${server.ws.address().port}`));
server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
