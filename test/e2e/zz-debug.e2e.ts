import { expect, test } from '@playwright/test';
import { createTask, ownerWithBrand, unique } from './support/api';
import { baseUrl } from './support/mail';
import { signInAt, taskPages } from './support/pages';

test('debug drag', async ({ page }) => {
  const { owner, workspaceId, brand } = await ownerWithBrand(unique('kai'), 'Board Studio', 'Nordlicht');
  const moving = await createTask(owner, workspaceId, brand.uid, { summary: 'Storyboard the teaser' });
  const tasks = taskPages(page);
  await signInAt(page, owner.email);
  await page.goto(`${baseUrl()}/project/${brand.slug}/tasks?viewMode=kanban`);
  await expect(tasks.card(moving.uid)).toBeVisible();
  page.on('console', (m) => console.log('PAGE', m.text()));
  await page.evaluate(() => {
    for (const type of ['dragstart', 'dragenter', 'dragover', 'drop', 'dragend', 'mousedown', 'mouseup'])
      document.addEventListener(type, (e) => console.log(type, (e.target as HTMLElement).tagName, (e.target as HTMLElement).dataset?.testid ?? '', (e as DragEvent).dataTransfer?.types?.join(',') ?? '', e.defaultPrevented), true);
  });
  const box = (await tasks.card(moving.uid).boundingBox())!;
  const target = (await tasks.column('in_progress').boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + 20);
  await page.mouse.down();
  await page.mouse.move(box.x + 30, box.y + 30, { steps: 5 });
  await page.mouse.move(target.x + 50, target.y + 100, { steps: 10 });
  await page.mouse.up();
  await page.waitForTimeout(1000);
});
