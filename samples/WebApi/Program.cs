using FastFormatters.Samples.WebApi;

await SampleApp.Build(args).RunAsync();
