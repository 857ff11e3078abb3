import { CloudError } from '../errors.js'

export class ProjectNotFoundError extends CloudError<'projectNotFound'> {
  override readonly name = 'ProjectNotFoundError'
  constructor(readonly projectId: string) {
    super('projectNotFound', `No project with id "${projectId}"`)
  }
}

export class ProjectExistsError extends CloudError<'projectExists'> {
  override readonly name = 'ProjectExistsError'
  constructor(readonly projectId: string) {
    super('projectExists', `A project with id "${projectId}" already exists`)
  }
}
