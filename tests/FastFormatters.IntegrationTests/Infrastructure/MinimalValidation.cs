using Microsoft.Extensions.DependencyInjection;

namespace FastFormatters.IntegrationTests.Infrastructure;

/// <summary>
/// The test project's one call of <c>AddValidation()</c>: .NET's validation generator writes its resolver once per call
/// site and fails when a compilation has two, so every test app that validates registers it here.
/// </summary>
public static class MinimalValidation
{
    public static IServiceCollection AddMinimalValidation(this IServiceCollection services) => services.AddValidation();
}
