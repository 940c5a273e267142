/**
 * The string table of the embed box (the snippet an instructor copies): the page's table
 * (./index.ts) plus the box's own area (./strings/embedBox.ts). The box loads when a reader
 * opens it (src/ui/panel/EmbedBox.tsx), so the page's table leaves its area out.
 */
import type { LocalizedText } from '../lessons/schema.ts';
import { lookupIn, STRINGS, type StringKey } from './index.ts';
import { embedBoxStrings } from './strings/embedBox.ts';

/** A key the embed box may use: any page string, or one of its own area's. */
export type EmbedKey = StringKey | keyof typeof embedBoxStrings;

const EMBED_STRINGS: Readonly<Record<EmbedKey, LocalizedText>> = { ...STRINGS, ...embedBoxStrings };

/** Look up an embed-box string, filling every `{name}` placeholder from `vars`. */
export const tEmbed = lookupIn(EMBED_STRINGS);
