export class ProjectNotFoundError extends Error {
  override readonly name = 'ProjectNotFoundError'
  constructor(readonly projectId: string) {
    super(`No project with id "${projectId}"`)
  }
}

export class ProjectExistsError extends Error {
  override readonly name = 'ProjectExistsError'
  constructor(readonly projectId: string) {
    super(`A project with id "${projectId}" already exists`)
  }
}
