using FastFormatters.HttpResults;
using System.Security.Cryptography;
using System.Text.Encodings.Web;
using FastFormatters;
using FastFormatters.Diagnostics;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Maps the FastFormatters diagnostics endpoints.</summary>
public static class FastFormattersDiagnosticsEndpointRouteBuilderExtensions
{
    private static readonly Lazy<string> s_dashboard = new(() =>
    {
        using var stream = typeof(FormatterMetrics).Assembly.GetManifestResourceStream("FastFormatters.Diagnostics.dashboard.html")
            ?? throw new InvalidOperationException("The diagnostics dashboard resource is missing.");
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    });

    /// <summary>
    /// Maps <c>GET {pattern}</c> (the <see cref="FormattersReport"/>, itself negotiated: JSON, JMC1 or MessagePack),
    /// <c>GET {pattern}/ui</c> (a self-contained HTML dashboard of the same figures, refreshing itself) and, when
    /// <see cref="DiagnosticsEndpointOptions.AllowReset"/> is on, <c>POST {pattern}/reset</c>. The figures never contain a
    /// request or response payload, but do show traffic: protect the group, e.g. with <c>.RequireAuthorization()</c>.
    /// </summary>
    /// <param name="endpoints">The endpoint route builder.</param>
    /// <param name="pattern">The route prefix; <c>/_formatters</c> by default.</param>
    /// <param name="configure">Configures <see cref="DiagnosticsEndpointOptions"/>.</param>
    /// <returns>The group, to add conventions such as authorization to all its endpoints.</returns>
    public static IEndpointConventionBuilder MapFastFormattersDiagnostics(
        this IEndpointRouteBuilder endpoints, string pattern = "/_formatters", Action<DiagnosticsEndpointOptions>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var options = new DiagnosticsEndpointOptions();
        configure?.Invoke(options);
        var group = endpoints.MapGroup(pattern);
        group.ExcludeFromDescription();

        // RequestDelegates, not handlers with parameters: no binding code is made for them, so trimmed and Native AOT
        // apps can map them.
        group.MapGet(string.Empty, static httpContext => new Negotiated<FormattersReport>(
            httpContext.RequestServices.GetRequiredService<FormatterMetrics>().GetReport(), StatusCodes.Status200OK, recorded: false).ExecuteAsync(httpContext));

        string reportPath = "/" + pattern.Trim('/');
        group.MapGet("/ui", httpContext =>
        {
            // The page's one script and one style block run under a nonce; it talks only to its own origin.
            string nonce = Convert.ToBase64String(RandomNumberGenerator.GetBytes(16));
            httpContext.Response.Headers.ContentSecurityPolicy =
                $"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'";
            httpContext.Response.Headers.CacheControl = "no-store";
            string page = s_dashboard.Value
                .Replace("{{nonce}}", nonce, StringComparison.Ordinal)
                .Replace("{{reportUrl}}", JavaScriptEncoder.Default.Encode(reportPath), StringComparison.Ordinal)
                .Replace("{{refreshMilliseconds}}", (Math.Max(1, options.RefreshSeconds) * 1000).ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
            return Results.Content(page, "text/html; charset=utf-8").ExecuteAsync(httpContext);
        });

        if (options.AllowReset)
        {
            group.MapPost("/reset", static httpContext =>
            {
                httpContext.RequestServices.GetRequiredService<FormatterMetrics>().Reset();
                httpContext.Response.StatusCode = StatusCodes.Status204NoContent;
                return Task.CompletedTask;
            });
        }

        return group;
    }
}
