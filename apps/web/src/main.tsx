// First: it starts fetching the first page's chunk (and the dashboard's data) before the rest of the
// entry runs. (A bare import, so that import sorting keeps it first.)
import './app/preload-first-page';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// '/' arrives with the landing page prerendered in index.html (prerender.tsx): only its live parts are
// hydrated, as small roots over that HTML (app/landing-islands.tsx, started in steps by
// app/landing-boot.ts); the whole app starts at the first
// tap on a link. Every other page (app.html) starts empty and the whole app renders there
// (app/start-app.tsx). Each is its own chunk, so neither page loads the other's script.
if (root.firstElementChild) void import('./app/landing-boot').then((boot) => boot.startLandingPage(root));
else void import('./app/start-app').then((app) => app.startApp(root));
