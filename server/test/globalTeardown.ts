export default async function globalTeardown(): Promise<void> {
  // Filled in by modules that start services in globalSetup.
}
