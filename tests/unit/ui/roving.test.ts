import { describe, expect, it } from 'vitest';
import { rovingTarget } from '../../../src/ui/panel/roving';

describe('rovingTarget: where a key moves the focus in a list', () => {
  it('moves one item with the arrows and stops at the ends', () => {
    expect(rovingTarget(0, 3, 'ArrowDown')).toBe(1);
    expect(rovingTarget(2, 3, 'ArrowDown')).toBe(2);
    expect(rovingTarget(2, 3, 'ArrowUp')).toBe(1);
    expect(rovingTarget(0, 3, 'ArrowUp')).toBe(0);
  });

  it('jumps to the ends with Home and End', () => {
    expect(rovingTarget(1, 5, 'Home')).toBe(0);
    expect(rovingTarget(1, 5, 'End')).toBe(4);
  });

  it('brings an index left behind by a shorter list back inside it', () => {
    expect(rovingTarget(7, 3, 'ArrowUp')).toBe(1);
    expect(rovingTarget(-1, 3, 'ArrowDown')).toBe(1);
  });

  it('ignores other keys, and an empty list', () => {
    expect(rovingTarget(0, 3, 'ArrowRight')).toBeNull();
    expect(rovingTarget(0, 3, 'Tab')).toBeNull();
    expect(rovingTarget(0, 0, 'ArrowDown')).toBeNull();
  });
});
