import { afterEach, describe, expect, it } from 'vitest';
import {
  closeAllButHome,
  closeOtherTabs,
  closeTab,
  HOME_TAB_ID,
  keepTabsOfResponsibility,
  initialTabs,
  loadTabs,
  saveTabs,
  clearStoredTabs,
  setTabTitle,
  TAB_LIMIT,
  tabUrlOf,
  visit,
  type TabsState,
} from './tabsModel';

let counter = 0;
const newId = () => `t${++counter}`;
const open = (state: TabsState, url: string) => visit(state, url, false, newId).state;
const withTabs = (count: number) =>
  Array.from({ length: count }, (_, i) => `/main/page${i}`).reduce(open, initialTabs());

describe('visit', () => {
  it('opens a new tab per URL and activates an open one again', () => {
    let state = open(initialTabs(), '/main/a?menuId=1');
    state = open(state, '/main/b');
    expect(state.tabs.map((tab) => tab.url)).toEqual(['/main', '/main/a?menuId=1', '/main/b']);
    state = open(state, '/main/a?menuId=1');
    expect(state.tabs).toHaveLength(3);
    expect(state.tabs.find((tab) => tab.id === state.activeId)?.url).toBe('/main/a?menuId=1');
  });

  it(`refuses the ${TAB_LIMIT + 1}th tab and changes nothing, home counted`, () => {
    const full = withTabs(TAB_LIMIT - 1);
    expect(full.tabs).toHaveLength(TAB_LIMIT);
    const result = visit(full, '/main/one-more', false, newId);
    expect(result.refused).toBe(true);
    expect(result.state).toBe(full);
    expect(visit(full, '/main/page3', false, newId)).toMatchObject({ refused: false });
    expect(visit(full, '/main', false, newId).state.activeId).toBe(HOME_TAB_ID);
  });

  it('moves the active tab on a replacing navigation, but never the home tab', () => {
    const state = open(initialTabs(), '/main/edit?menuId=1');
    const moved = visit(state, '/main/edit?id=5&menuId=1', true, newId).state;
    expect(moved.tabs.map((tab) => tab.url)).toEqual(['/main', '/main/edit?id=5&menuId=1']);
    expect(moved.activeId).toBe(state.activeId);
    const fromHome = visit(initialTabs(), '/main/x', true, newId).state;
    expect(fromHome.tabs.map((tab) => tab.url)).toEqual(['/main', '/main/x']);
    expect(visit(withTabs(TAB_LIMIT - 1), '/main/replaced', true, newId).refused).toBe(false);
  });
});

describe('closing', () => {
  it('closes a tab and activates its right neighbour, else the left one; home stays', () => {
    const state = withTabs(3);
    const [, first, second, third] = state.tabs;
    expect(closeTab({ ...state, activeId: second.id }, second.id).activeId).toBe(third.id);
    expect(closeTab(state, third.id).activeId).toBe(second.id);
    expect(closeTab({ ...state, activeId: first.id }, third.id).activeId).toBe(first.id);
    expect(closeTab(state, HOME_TAB_ID)).toBe(state);
  });

  it('closes the others or all but home', () => {
    const state = withTabs(4);
    const kept = state.tabs[2];
    expect(closeOtherTabs(state, kept.id)).toEqual({ tabs: [state.tabs[0], kept], activeId: kept.id });
    expect(closeAllButHome(state)).toEqual(initialTabs());
  });
});

describe('tabUrlOf and titles', () => {
  it('treats /main, /main/ and /main/home as the home tab and keeps the query of others', () => {
    expect(tabUrlOf({ pathname: '/main/', search: '' })).toBe('/main');
    expect(tabUrlOf({ pathname: '/main/home', search: '?x=1' })).toBe('/main');
    expect(tabUrlOf({ pathname: '/main/a', search: '?x=1' })).toBe('/main/a?x=1');
    expect(tabUrlOf({ pathname: '/main/a/', search: '?respId=2&menuId=1' })).toBe('/main/a?menuId=1&respId=2');
    expect(tabUrlOf({ pathname: '/main/a', search: '' })).toBe('/main/a');
  });

  it('sets a title once', () => {
    const state = withTabs(1);
    const titled = setTabTitle(state, state.tabs[1].id, 'Detail');
    expect(titled.tabs[1].title).toBe('Detail');
    expect(setTabTitle(titled, state.tabs[1].id, 'Detail')).toBe(titled);
  });
});

describe('storage', () => {
  afterEach(() => clearStoredTabs());

  it('restores the tabs of the same user only', () => {
    const state = withTabs(2);
    saveTabs('7', state);
    expect(loadTabs('7')).toEqual(state);
    expect(loadTabs('8')).toEqual(initialTabs());
    clearStoredTabs();
    expect(loadTabs('7')).toEqual(initialTabs());
  });

  it('ignores damaged storage', () => {
    sessionStorage.setItem('meridian.tabs', '{"userId":"7","tabs":[{"id":"x","url":"javascript:1"}]}');
    expect(loadTabs('7')).toEqual(initialTabs());
    sessionStorage.setItem('meridian.tabs', 'not json');
    expect(loadTabs('7')).toEqual(initialTabs());
  });
});

describe('keepTabsOfResponsibility', () => {
  const tab = (id: string, url: string) => ({ id, url });
  const state = {
    tabs: [
      tab(HOME_TAB_ID, '/main'),
      tab('a', '/main/list?menuId=1&respId=11'),
      tab('b', '/main/other'),
      tab('c', '/main/list?menuId=1&respId=12'),
    ],
    activeId: 'c',
  };

  it('keeps home and the tabs opened under the new responsibility', () => {
    expect(keepTabsOfResponsibility(state, '12')).toEqual({ tabs: [state.tabs[0], state.tabs[3]], activeId: 'c' });
  });

  it('shows home when the active tab closes, and changes nothing when every tab fits', () => {
    expect(keepTabsOfResponsibility(state, '11')).toEqual({
      tabs: [state.tabs[0], state.tabs[1]],
      activeId: HOME_TAB_ID,
    });
    const homeOnly = { tabs: [state.tabs[0]], activeId: HOME_TAB_ID };
    expect(keepTabsOfResponsibility(homeOnly, '11')).toBe(homeOnly);
  });
});
