// The screen's shell kept on the tablet by the service worker (/sw.js), so a reload with no
// network opens it. Browsers allow a service worker only in a secure context (https, or
// localhost); on a LAN over plain http the data is still kept (IndexedDB), but a reload
// offline needs the server (docs/decisions.md, "Offline").

export function keepShell(): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No kept shell: the screen works as before, and its data is kept all the same.
  });
}
