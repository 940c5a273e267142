/**
 * Entry point: render the app. Shipped traces replay without Python, so Python is
 * not started here: the page warms it up once it is idle (see boot.tsx).
 */
import { boot } from './boot';

boot();
