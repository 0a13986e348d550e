/**
 * Starts '/' (app/landing-islands.tsx) in steps. A browser evaluates a module and everything it
 * imports statically in one task, and the islands' graph (react-dom, the router's library, the
 * schemas the live prices are checked with, the carousel) made one task of about 60 ms on a fast
 * machine, so some 250 ms on Lighthouse's mid-range phone (4× slower), all of it blocking time
 * (performance.md, "part five"). Each step below imports one of those libraries, so the browser
 * evaluates it in a task of its own, and gives the browser a turn before the next: the same work in
 * tasks each a fraction of that. (The live prices and the carousel load later, when they come near
 * the screen: landing-islands.tsx.) The chunks are already downloaded (index.html lists them all as
 * modulepreloads, vite.config.ts), so a step costs a turn of the event loop, not a request.
 */
const steps = [() => import('react-dom/client'), () => import('./landing-libraries')];

/** A new task: a message to ourselves runs after whatever input or paint is waiting, without setTimeout's clamping. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

export async function startLandingPage(root: HTMLElement): Promise<void> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  const { hydrateIslands } = await import('./landing-islands');
  hydrateIslands(root);
}
