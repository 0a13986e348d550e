/**
 * A step of the landing page's start (landing-boot.ts): the router's library and the query library's
 * React part, which the islands' links and data hooks need, evaluated in a task of their own.
 */
export { QueryClientProvider } from '@tanstack/react-query';
export { Router } from 'react-router';
