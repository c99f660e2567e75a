// The entry point of the offline export (vite.export.config.ts): the app itself, with its REST
// client answered from the page (./client.ts, swapped in at build time) and ./boot.ts run first.
import "./boot";
import "../main";
