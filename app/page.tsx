export default function HomePage() {
  return (
    <main className="mx-auto max-w-2xl px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Signet</h1>
      <p className="mt-4 text-slate-700">
        The e-signature service is running. Integrators call the REST API under <code>/api</code> with
        <code> Authorization: Basic &lt;apiKey&gt;</code>; a new account is made with <code>POST /api/signup</code>.
      </p>
      <p className="mt-2 text-slate-700">The console for senders and account owners is on its way.</p>
    </main>
  );
}
