using FastFormatters.Samples.MinimalAot;

await MinimalAotApp.Build(args).RunAsync();
