import type { ExtensionSettings } from '#shared/extension';
import type { Project } from '#shared/schemas/project';
import type { WorkspaceListItem } from '#shared/schemas/workspace';
import { useEffect, useState } from 'react';
import { api } from '../../api/client';

export type BrandChoice = {
  workspaces: WorkspaceListItem['workspaces'][];
  projects: Project[];
  workspaceId: string | null;
  projectUid: string | null;
  loading: boolean;
  setWorkspaceId: (id: string) => void;
  setProjectUid: (uid: string) => void;
};

/** The user's workspaces and the brands they may add tasks to, starting from the extension's default brand. */
export const useBrandChoice = (settings: ExtensionSettings | null, enabled: boolean): BrandChoice => {
  const [workspaces, setWorkspaces] = useState<WorkspaceListItem['workspaces'][]>([]);
  const [projects, setProjects] = useState<Project[]>([]);
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const [projectUid, setProjectUid] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    if (!enabled || !settings) return;
    let live = true;
    void api
      .call('listWorkspaces')
      .then((items) => {
        if (!live) return;
        const joined = items.filter((item) => item.status === 'joined').map((item) => item.workspaces);
        setWorkspaces(joined);
        const preferred = joined.find((w) => w.uid === settings.defaultWorkspaceUid) ?? joined[0];
        setWorkspaceId(preferred?.uid ?? null);
        if (!preferred) setLoading(false);
      })
      .catch(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [enabled, settings]);

  useEffect(() => {
    if (!workspaceId || !settings) return;
    let live = true;
    setLoading(true);
    void api
      .call('listProjects', { params: { workspaceId } })
      .then((list) => {
        if (!live) return;
        const usable = list.filter((project) => project.has_permission);
        setProjects(usable);
        setProjectUid((current) =>
          usable.find((p) => p.uid === current)?.uid ?? usable.find((p) => p.uid === settings.defaultProjectUid)?.uid ?? usable[0]?.uid ?? null,
        );
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [workspaceId, settings]);

  return { workspaces, projects, workspaceId, projectUid, loading, setWorkspaceId, setProjectUid };
};
