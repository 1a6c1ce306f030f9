using FastFormatters.Benchmarks.Http;

await HarnessApp.Build(args).RunAsync();
