namespace FastFormatters;

/// <summary>What the endpoint filter needs of any <see cref="NegotiatedBody{T}"/>.</summary>
internal interface INegotiatedBody
{
    BodyError? Error { get; }
}
