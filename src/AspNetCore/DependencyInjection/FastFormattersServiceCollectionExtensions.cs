using FastFormatters;
using FastFormatters.Diagnostics;
using FastFormatters.Mvc;
using FastFormatters.Negotiation;
using FastFormatters.Serialization;
using FastFormatters.Verification;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers FastFormatters.</summary>
public static class FastFormattersServiceCollectionExtensions
{
    /// <summary>
    /// Registers the FastFormatters formatters with MVC, ahead of the built-in JSON formatters, whether MVC is added
    /// before or after this call.
    /// </summary>
    /// <param name="services">The service collection.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IServiceCollection AddFastFormatters(this IServiceCollection services, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(services);
        var options = services.AddOptions<FastFormattersOptions>();
        if (configure is not null)
        {
            options.Configure(configure);
        }

        options.ValidateOnStart();

        // The library's own report, for apps that build no converter by reflection (after the app's providers, and in
        // its JsonOptions only there: elsewhere reflection describes it).
        options.PostConfigure(static options =>
        {
            if (!options.TypeShapeProviders.Contains(DiagnosticsShapes.Default))
            {
                options.TypeShapeProviders.Add(DiagnosticsShapes.Default);
            }
        });
        if (!ReflectionAvailability.IsEnabled)
        {
            services.TryAddEnumerable(ServiceDescriptor.Singleton<Microsoft.Extensions.Hosting.IHostedService, EndpointContractsValidator>());
            services.ConfigureHttpJsonOptions(static options =>
            {
                if (!options.SerializerOptions.TypeInfoResolverChain.Contains(DiagnosticsJsonContext.Default))
                {
                    options.SerializerOptions.TypeInfoResolverChain.Add(DiagnosticsJsonContext.Default);
                }
            });
        }
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IValidateOptions<FastFormattersOptions>, FastFormatters.DependencyInjection.FastFormattersOptionsValidator>());

        // The JSON contract of minimal APIs follows their JsonOptions; MVC's formatters take MVC's (FastFormattersMvcOptionsSetup).
        services.TryAddSingleton(provider => new FastFormattersSerializer(
            provider.GetRequiredService<IOptions<FastFormattersOptions>>().Value,
            provider.GetRequiredService<IOptions<Microsoft.AspNetCore.Http.Json.JsonOptions>>().Value.SerializerOptions,
            provider.GetRequiredService<ILoggerFactory>().CreateLogger("FastFormatters.Serialization")));
        services.TryAddSingleton<ResponseVerification>();
        services.TryAddSingleton<FastFormats>();
        services.TryAddSingleton<FormatSerializers>();
        services.TryAddSingleton(provider => provider.GetRequiredService<FastFormats>().Registry);
        services.TryAddSingleton<FormatServices>();
        services.TryAddSingleton(provider => new FastFormatters.ApiDescriptions.FormatSchemaProvider(
            provider.GetRequiredService<FastFormattersSerializer>(),
            provider.GetRequiredService<FastFormats>(),
            provider.GetRequiredService<IOptions<Microsoft.AspNetCore.Mvc.JsonOptions>>(),
            provider.GetRequiredService<IOptions<FastFormattersOptions>>()));
        services.TryAddEnumerable(ServiceDescriptor.Singleton<Microsoft.AspNetCore.Mvc.ApiExplorer.IApiDescriptionProvider, FastFormatters.ApiDescriptions.MessagePackApiDescriptionProvider>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<Microsoft.AspNetCore.Mvc.ApiExplorer.IApiDescriptionProvider, FastFormatters.ApiDescriptions.UndescribedFormatApiDescriptionProvider>());
        services.AddMetrics();
        services.TryAddSingleton(provider => new FormatterMetrics(
            provider.GetRequiredService<System.Diagnostics.Metrics.IMeterFactory>(),
            provider.GetRequiredService<FormatRegistry>().Formats.Select(format => format.Name),
            provider.GetRequiredService<IOptions<FastFormattersOptions>>().Value.RecordMetrics));
        services.TryAddSingleton<ResponseNegotiation>();
        services.TryAddEnumerable(ServiceDescriptor.Transient<IPostConfigureOptions<MvcOptions>, FastFormattersMvcOptionsSetup>());
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IProblemDetailsWriter, NegotiatedProblemDetailsWriter>());

        // Every MVC result is negotiated by RFC 9110's rules; MVC's own registration (a TryAdd) then keeps this one.
        services.Replace(ServiceDescriptor.Singleton<OutputFormatterSelector, NegotiatingOutputFormatterSelector>());
        return services;
    }

    /// <inheritdoc cref="AddFastFormatters(IServiceCollection, Action{FastFormattersOptions}?)"/>
    /// <param name="builder">The MVC builder from <c>AddControllers</c> and friends.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IMvcBuilder AddFastFormatters(this IMvcBuilder builder, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddFastFormatters(configure);
        return builder;
    }

    /// <inheritdoc cref="AddFastFormatters(IServiceCollection, Action{FastFormattersOptions}?)"/>
    /// <param name="builder">The MVC core builder from <c>AddMvcCore</c>.</param>
    /// <param name="configure">Configures <see cref="FastFormattersOptions"/>.</param>
    public static IMvcCoreBuilder AddFastFormatters(this IMvcCoreBuilder builder, Action<FastFormattersOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(builder);
        builder.Services.AddFastFormatters(configure);
        return builder;
    }
}
