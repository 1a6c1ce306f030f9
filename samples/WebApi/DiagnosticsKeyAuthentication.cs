using System.Security.Claims;
using System.Security.Cryptography;
using System.Text;
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Authentication;
using Microsoft.Extensions.Options;

namespace FastFormatters.Samples.WebApi;

/// <summary>
/// The sample's protection for the diagnostics endpoints outside Development: a request must carry the header
/// <c>X-Diagnostics-Key</c> equal to the configuration value <c>Diagnostics:Key</c>. A real deployment would use its
/// own authentication (JWT, certificates, an operator role) with the same <c>RequireAuthorization</c> policy.
/// </summary>
public sealed class DiagnosticsKeyAuthentication : AuthenticationHandler<AuthenticationSchemeOptions>
{
    /// <summary>The authentication scheme.</summary>
    public const string SchemeName = "DiagnosticsKey";

    /// <summary>The authorization policy the diagnostics endpoints require.</summary>
    public const string Policy = "FormattersDiagnostics";

    private readonly IConfiguration _configuration;

    public DiagnosticsKeyAuthentication(IOptionsMonitor<AuthenticationSchemeOptions> options, ILoggerFactory logger, UrlEncoder encoder, IConfiguration configuration)
        : base(options, logger, encoder)
        => _configuration = configuration;

    protected override Task<AuthenticateResult> HandleAuthenticateAsync()
    {
        string? expected = _configuration["Diagnostics:Key"];
        if (string.IsNullOrEmpty(expected) || !Request.Headers.TryGetValue("X-Diagnostics-Key", out var given))
        {
            return Task.FromResult(AuthenticateResult.NoResult());
        }

        if (!CryptographicOperations.FixedTimeEquals(Encoding.UTF8.GetBytes(given.ToString()), Encoding.UTF8.GetBytes(expected)))
        {
            return Task.FromResult(AuthenticateResult.Fail("Wrong diagnostics key."));
        }

        var identity = new ClaimsIdentity([new Claim(ClaimTypes.Role, "operator")], SchemeName);
        return Task.FromResult(AuthenticateResult.Success(new AuthenticationTicket(new ClaimsPrincipal(identity), SchemeName)));
    }

    /// <summary>Registers the scheme and the policy the diagnostics endpoints require.</summary>
    /// <param name="services">The app's services.</param>
    public static void Register(IServiceCollection services)
    {
        services.AddAuthentication().AddScheme<AuthenticationSchemeOptions, DiagnosticsKeyAuthentication>(SchemeName, null);
        services.AddAuthorizationBuilder()
            .AddPolicy(Policy, policy => policy.AddAuthenticationSchemes(SchemeName).RequireRole("operator"));
    }

    /// <summary>
    /// Maps the per-format timings at /_formatters (JSON, JMC1 or MessagePack) and a dashboard at /_formatters/ui: open
    /// in Development, behind the diagnostics key policy elsewhere.
    /// </summary>
    /// <param name="app">The app.</param>
    public static void MapDiagnostics(WebApplication app)
    {
        var diagnostics = app.MapFastFormattersDiagnostics("/_formatters", options => options.AllowReset = app.Environment.IsDevelopment());
        if (!app.Environment.IsDevelopment())
        {
            diagnostics.RequireAuthorization(Policy);
        }
    }
}
