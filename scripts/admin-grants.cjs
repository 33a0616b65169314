#!/usr/bin/env node
'use strict';
// node scripts/admin-grants.cjs [--check]
// Keeps the SYS_ADMIN role of seeds/base/01-roles.json granting every menu of every menuSet file
// and every resource of each menu (seeds/README.md "SYS_ADMIN lines are generated"). Existing lines
// keep their ids, so databases seeded before keep theirs; missing grants are appended with the next
// free id (menus below 800, resources 801–9999); grants of menus no file defines any more are dropped.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const FILE = path.join(ROOT, 'seeds', 'base', '01-roles.json');
const MENU_IDS = [1, 799];
const RESOURCE_IDS = [801, 9999];

function menuTree() {
  const metadata = require(path.join(ROOT, 'metadata', 'dist', 'node.js'));
  return metadata.MetadataRegistry.load(metadata.loadDocumentFiles()).menus();
}

function flatten(menus) {
  return menus.flatMap((m) => [m, ...flatten(m.children ?? [])]);
}

function nextId(used, [low, high]) {
  for (let id = low; id <= high; id++) if (!used.has(id)) return (used.add(id), id);
  throw new Error(`no free id in ${low}–${high}: widen the range in scripts/admin-grants.cjs and seeds/README.md`);
}

function regenerate(role) {
  const menus = flatten(menuTree());
  const codes = new Set(menus.map((m) => m.menuCode));
  const keyOf = (r) => `${r.menuCode}/${r.resourceCode}`;
  const wantedResources = menus.flatMap((m) => (m.resources ?? []).map((r) => `${m.menuCode}/${r.resourceCode}`));
  const keptMenus = role.menus.filter((m) => codes.has(m.menuCode));
  const keptResources = role.resources.filter((r) => wantedResources.includes(keyOf(r)));
  const menuIds = new Set(keptMenus.map((m) => m.roleMenuId));
  const resourceIds = new Set(keptResources.map((r) => r.roleResourceId));
  const hasMenu = new Set(keptMenus.map((m) => m.menuCode));
  const hasResource = new Set(keptResources.map(keyOf));
  for (const m of menus)
    if (!hasMenu.has(m.menuCode))
      keptMenus.push({ roleMenuId: nextId(menuIds, MENU_IDS), roleId: role.roleId, menuCode: m.menuCode });
  for (const key of wantedResources)
    if (!hasResource.has(key)) {
      const [menuCode, resourceCode] = key.split('/');
      keptResources.push({
        roleResourceId: nextId(resourceIds, RESOURCE_IDS),
        roleId: role.roleId,
        menuCode,
        resourceCode,
      });
    }
  return { ...role, menus: keptMenus, resources: keptResources };
}

const seed = JSON.parse(fs.readFileSync(FILE, 'utf8'));
const before = JSON.stringify(seed, null, 2) + '\n';
seed.rows = seed.rows.map((role) => (role.roleCode === 'SYS_ADMIN' ? regenerate(role) : role));
const after = JSON.stringify(seed, null, 2) + '\n';
if (process.argv.includes('--check')) {
  if (before !== after) {
    console.error(
      'seeds/base/01-roles.json: SYS_ADMIN does not grant every menu and resource; run node scripts/admin-grants.cjs',
    );
    process.exit(1);
  }
} else if (before !== after) {
  fs.writeFileSync(FILE, after);
  console.log('seeds/base/01-roles.json: SYS_ADMIN grants updated');
} else console.log('seeds/base/01-roles.json: SYS_ADMIN grants up to date');
