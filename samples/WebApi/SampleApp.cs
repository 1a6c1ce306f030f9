using System.Reflection;
using FastFormatters.Samples.WebApi.Data;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.OpenApi;

namespace FastFormatters.Samples.WebApi;

/// <summary>Builds the sample application; the tests start the same app on Kestrel with their own arguments.</summary>
public static class SampleApp
{
    /// <summary>Builds the app from command-line arguments (for example <c>--urls http://127.0.0.1:0</c>).</summary>
    public static WebApplication Build(string[] args)
    {
        var builder = WebApplication.CreateBuilder(args);

        builder.Services
            .AddControllers(options =>
            {
                // POST /api/echo returns a JSON null body as null rather than 204 No Content.
                options.OutputFormatters.OfType<HttpNoContentOutputFormatter>().Single().TreatNullValueAsNoContent = false;
            })
            .AddFastFormatters();

        builder.Services.AddSingleton<OrderStore>();
        builder.Services.AddProblemDetails();
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
        });

        var app = builder.Build();
        app.UseExceptionHandler();
        app.UseStatusCodePages();
        app.UseSwagger();
        app.UseSwaggerUI();
        app.MapControllers();
        app.MapGet("/", () => Results.Redirect("/swagger")).ExcludeFromDescription();
        return app;
    }
}
