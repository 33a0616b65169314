import { afterEach, describe, expect, it } from 'vitest';
import { removeCSS, updateCSS } from './rememberedDynamicCSS';

const styles = (key: string) => document.head.querySelectorAll(`style[rc-util-key="${key}"]`);

describe('rememberedDynamicCSS', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('answers a repeated call with the node it wrote, and writes one node', () => {
    const first = updateCSS('.a{color:red}', 'icons');
    expect(updateCSS('.a{color:red}', 'icons')).toBe(first);
    expect(styles('icons')).toHaveLength(1);
    expect(first.innerHTML).toBe('.a{color:red}');
  });

  it('writes new text into the same node, and keeps what it wrote last', () => {
    const first = updateCSS('.a{color:red}', 'theme');
    const second = updateCSS('.a{color:blue}', 'theme');
    expect(second).toBe(first);
    expect(second.innerHTML).toBe('.a{color:blue}');
    expect(updateCSS('.a{color:blue}', 'theme').innerHTML).toBe('.a{color:blue}');
  });

  it('writes the sheet again after it was removed', () => {
    const first = updateCSS('.a{}', 'gone');
    removeCSS('gone');
    expect(first.isConnected).toBe(false);
    const again = updateCSS('.a{}', 'gone');
    expect(again).not.toBe(first);
    expect(again.isConnected).toBe(true);
  });

  it('counts "x" and "data-x" as the one mark rc-util writes', () => {
    const first = updateCSS('.a{}', 'k', { mark: 'x' });
    const second = updateCSS('.b{}', 'k', { mark: 'data-x' });
    expect(second).toBe(first);
    expect(updateCSS('.a{}', 'k', { mark: 'x' }).innerHTML).toBe('.a{}');
  });

  it('sets a new nonce on the node', () => {
    const node = updateCSS('.a{}', 'csp', { csp: { nonce: 'n1' } });
    expect(updateCSS('.a{}', 'csp', { csp: { nonce: 'n2' } }).nonce).toBe('n2');
    expect(node.nonce).toBe('n2');
  });
});
