import { compileContracts } from '../src/compile'

export default async function setup(): Promise<void> {
  await compileContracts()
}
