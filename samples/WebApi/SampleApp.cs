using System.Reflection;
using System.Text.Json.Serialization;
using FastFormatters.Samples.WebApi.Data;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.OpenApi;
using Scalar.AspNetCore;

namespace FastFormatters.Samples.WebApi;

/// <summary>Builds the sample application; the tests start the same app on Kestrel with their own arguments.</summary>
public static class SampleApp
{
    /// <summary>Builds the app from command-line arguments (for example <c>--urls http://127.0.0.1:0</c>).</summary>
    /// <param name="args">Command-line arguments.</param>
    /// <param name="configure">Changes to the builder before the app is built (tests set Kestrel limits here).</param>
    public static WebApplication Build(string[] args, Action<WebApplicationBuilder>? configure = null)
    {
        // Name the application assembly explicitly: when tests host the app, the entry assembly is the test runner,
        // and MVC would look for controllers there.
        var builder = WebApplication.CreateBuilder(new WebApplicationOptions
        {
            Args = args,
            ApplicationName = typeof(SampleApp).Assembly.GetName().Name,
        });

        builder.Services
            .AddControllers(options =>
            {
                // A JSON API: POST /api/echo returns a null document as null rather than 204 No Content, and a string
                // as a JSON string rather than text/plain.
                options.OutputFormatters.OfType<HttpNoContentOutputFormatter>().Single().TreatNullValueAsNoContent = false;
                options.OutputFormatters.RemoveType<StringOutputFormatter>();

                // Clients asking only for formats the API cannot produce get 406 with a problem body.
                options.ReturnHttpNotAcceptable = true;
            })
            // FastFormatters writes JSON as these System.Text.Json options say (enums by name here), for controllers
            // and, through ConfigureHttpJsonOptions below, for minimal endpoints.
            .AddJsonOptions(options => options.JsonSerializerOptions.Converters.Add(new JsonStringEnumConverter()))
            .AddFastFormatters(options =>
            {
                options.ReturnHttpNotAcceptable = true;
                options.FormatQueryParameter = "format";
            })
            // JSON Lines (application/jsonl) beside JSON, JMC1 and MessagePack: a sequence as one JSON value per line.
            .AddJsonLines();
        builder.Services.ConfigureHttpJsonOptions(options => options.SerializerOptions.Converters.Add(new JsonStringEnumConverter()));

        builder.Services.AddValidation();
        builder.Services.AddSampleTelemetry();
        builder.Services.AddSingleton<OrderStore>();
        DiagnosticsKeyAuthentication.Register(builder.Services);
        builder.Services.AddProblemDetails();
        // In Development ASP.NET Core throws BadHttpRequestException for a minimal endpoint's malformed body instead of
        // answering 400 (RouteHandlerOptions.ThrowOnBadRequest); the exception handler keeps the status it carries.
        builder.Services.Configure<ExceptionHandlerOptions>(options =>
            options.StatusCodeSelector = exception => exception is BadHttpRequestException badRequest ? badRequest.StatusCode : StatusCodes.Status500InternalServerError);
        builder.Services.AddEndpointsApiExplorer();
        builder.Services.AddSwaggerGen(options =>
        {
            options.SwaggerDoc("v1", new OpenApiInfo
            {
                Title = "FastFormatters sample",
                Version = "v1",
                Description = "One Web API, every client in the format it asks for.",
            });
            var xml = Path.Combine(AppContext.BaseDirectory, $"{Assembly.GetExecutingAssembly().GetName().Name}.xml");
            options.IncludeXmlComments(xml);

            // Schemas per format and media type from FastFormatters' own contracts, problems as problem+json.
            options.AddFastFormatters();
        });

        configure?.Invoke(builder);
        var app = builder.Build();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseSwagger();
        // Swagger UI and Scalar (/scalar) load FastFormatters' script, which shows jsonc and MessagePack responses as text.
        app.UseSwaggerUI(options => options.InjectJavascript("/_formatters/api-reference.js"));
        app.UseAuthentication();
        app.UseAuthorization();
        app.MapControllers();
        app.MapMinimalEndpoints();
        app.MapLiveFeedEndpoints();

        DiagnosticsKeyAuthentication.MapDiagnostics(app);

        // The same instruments through OpenTelemetry, for Prometheus at /metrics.
        app.MapSampleTelemetry();
        app.MapFastFormattersApiReferenceScript();
        app.MapScalarApiReference("/scalar", options => options
            .WithOpenApiRoutePattern("/swagger/{documentName}/swagger.json")
            .AddHeadContent("<script src=\"/_formatters/api-reference.js\"></script>"));
        app.MapGet("/", () => Results.Redirect("/swagger")).ExcludeFromDescription();
        return app;
    }
}
