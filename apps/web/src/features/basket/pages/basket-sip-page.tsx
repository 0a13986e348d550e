import { NotBuiltYet } from '../../../components/ui/not-built-yet';

/** Placeholder: the route, its guard and layout are real; this file is replaced when the screen is built. */
export function BasketSipPage() {
  return <NotBuiltYet title="Investment Basket" />;
}
