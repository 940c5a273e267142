/** Entry point of the embed view (embed.html): one panel, no page chrome. */
import { getRuntime } from '../runtime';

getRuntime();
import('./boot').then(({ bootEmbed }) => bootEmbed());
