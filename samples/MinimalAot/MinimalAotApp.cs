using FastFormatters.Samples.WebApi;
using FastFormatters.Samples.WebApi.Data;

namespace FastFormatters.Samples.MinimalAot;

/// <summary>Builds the Native AOT sample: samples/WebApi's minimal endpoints and diagnostics, with the same options.</summary>
public static class MinimalAotApp
{
    /// <summary>Builds the app from command-line arguments (for example <c>--urls http://127.0.0.1:0</c>).</summary>
    /// <param name="args">Command-line arguments.</param>
    public static WebApplication Build(string[] args)
    {
        var builder = WebApplication.CreateSlimBuilder(args);

        // The JSON contract is System.Text.Json's, from the app's options, as in samples/WebApi (enums by name there,
        // through the context's options here); without reflection, its metadata comes from the context.
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.TypeInfoResolverChain.Insert(0, SampleJsonContext.Default));
        builder.Services.AddFastFormatters(options =>
        {
            options.ReturnHttpNotAcceptable = true;
            options.FormatQueryParameter = "format";
            options.TypeShapeProviders.Add(SampleShapes.Default);
        });

        builder.Services.AddValidation();
        builder.Services.AddSingleton<OrderStore>();
        DiagnosticsKeyAuthentication.Register(builder.Services);
        builder.Services.AddProblemDetails();

        var app = builder.Build();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseAuthentication();
        app.UseAuthorization();
        app.MapMinimalEndpoints();

        DiagnosticsKeyAuthentication.MapDiagnostics(app);

        return app;
    }
}
