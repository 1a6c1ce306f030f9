namespace FastFormatters.IntegrationTests.JsonParity;

/// <summary>What a client saw: the status, the body, and for echoes the runtime type the endpoint received.</summary>
public sealed record ParityResponse(int Status, string Body, string? ReceivedType, string? ContentType)
{
    public bool IsSuccess => Status is >= 200 and < 300;

    public override string ToString() => $"{Status} {ContentType} {Body}";
}
