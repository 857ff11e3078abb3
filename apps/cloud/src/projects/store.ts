import { type Feature, isOriginAllowed } from '@allaccess/protocol'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/index.js'
import { ProjectExistsError, ProjectNotFoundError } from './errors.js'
import { type Project, projectSchema } from './schema.js'
import * as tables from './tables.js'

type Row = typeof tables.projects.$inferSelect
type Cached<T> = { value: Promise<T>; expires: number }

/** Bounds the cache against floods of made-up project ids. */
const MAX_CACHED = 10_000

function fromRow(row: Row): Project {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: row.allowedOrigins,
    analyticsEnabled: row.analyticsEnabled,
    features: row.features as Feature[],
  }
}

export type ProjectPatch = Partial<Omit<Project, 'id'>>

/**
 * Projects in the database, read through a short-lived cache: every request names a project, and an
 * edit made by another process (the admin CLI, another instance) shows within `cacheMs`.
 */
export class ProjectStore {
  private readonly byId = new Map<string, Cached<Project | undefined>>()
  private allOrigins: Cached<string[]> | undefined

  constructor(
    private readonly db: Db,
    private readonly cacheMs: number,
  ) {}

  find(id: string): Promise<Project | undefined> {
    const now = Date.now()
    const hit = this.byId.get(id)
    if (hit && hit.expires > now) return hit.value
    if (this.byId.size >= MAX_CACHED) this.byId.clear()
    const value = this.load(id)
    value.catch(() => this.byId.delete(id))
    this.byId.set(id, { value, expires: now + this.cacheMs })
    return value
  }

  /** Whether any project allows the origin: used where a request names no project (CORS pre-flight). */
  async anyAllows(origin: string): Promise<boolean> {
    const now = Date.now()
    if (!this.allOrigins || this.allOrigins.expires <= now) {
      const value = this.db
        .select({ origins: tables.projects.allowedOrigins })
        .from(tables.projects)
        .then((rows) => rows.flatMap((row) => row.origins))
      value.catch(() => {
        this.allOrigins = undefined
      })
      this.allOrigins = { value, expires: now + this.cacheMs }
    }
    return isOriginAllowed(await this.allOrigins.value, origin)
  }

  async list(): Promise<Project[]> {
    const rows = await this.db.select().from(tables.projects).orderBy(tables.projects.id)
    return rows.map(fromRow)
  }

  /** The stored project, bypassing the cache (for edits). */
  async get(id: string): Promise<Project> {
    const project = await this.load(id)
    if (!project) throw new ProjectNotFoundError(id)
    return project
  }

  private async load(id: string): Promise<Project | undefined> {
    const rows = await this.db.select().from(tables.projects).where(eq(tables.projects.id, id))
    return rows[0] ? fromRow(rows[0]) : undefined
  }

  async create(input: Project): Promise<Project> {
    const project = projectSchema.parse(input)
    const rows = await this.db.insert(tables.projects).values(project).onConflictDoNothing().returning()
    this.invalidate()
    if (!rows[0]) throw new ProjectExistsError(project.id)
    return fromRow(rows[0])
  }

  /** Creates the project unless one with its id exists; an existing project keeps its edits. */
  async ensure(input: Project): Promise<void> {
    await this.db.insert(tables.projects).values(projectSchema.parse(input)).onConflictDoNothing()
    this.invalidate()
  }

  async update(id: string, patch: ProjectPatch): Promise<Project> {
    const next = projectSchema.parse({ ...(await this.get(id)), ...patch, id })
    const rows = await this.db
      .update(tables.projects)
      .set({ ...next, updatedAt: sql`now()` })
      .where(eq(tables.projects.id, id))
      .returning()
    this.invalidate()
    if (!rows[0]) throw new ProjectNotFoundError(id)
    return fromRow(rows[0])
  }

  async remove(id: string): Promise<void> {
    const rows = await this.db.delete(tables.projects).where(eq(tables.projects.id, id)).returning()
    this.invalidate()
    if (!rows[0]) throw new ProjectNotFoundError(id)
  }

  invalidate(): void {
    this.byId.clear()
    this.allOrigins = undefined
  }
}
