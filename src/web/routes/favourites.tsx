export default function Page() {
  return <main className="mx-auto max-w-xl px-4 py-6" />;
}
