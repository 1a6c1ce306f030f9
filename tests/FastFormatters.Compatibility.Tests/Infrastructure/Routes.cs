namespace FastFormatters.Compatibility.Tests.Infrastructure;

/// <summary>The paths of the round-trip endpoints.</summary>
public static class Routes
{
    public static string Echo(EndpointKind endpoint, string routeKey) => $"/{Prefix(endpoint)}/{routeKey}/echo";

    public static string Sample(EndpointKind endpoint, string routeKey, string sampleName) => $"/{Prefix(endpoint)}/{routeKey}/sample?name={Uri.EscapeDataString(sampleName)}";

    public static string Describe(EndpointKind endpoint, string routeKey) => $"/{Prefix(endpoint)}/{routeKey}/describe";

    private static string Prefix(EndpointKind endpoint) => endpoint == EndpointKind.Mvc ? "mvc" : "minimal";
}
