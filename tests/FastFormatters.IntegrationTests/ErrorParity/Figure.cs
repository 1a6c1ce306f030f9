using System.Text.Json.Serialization;

namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>An abstract polymorphic type: a payload without its discriminator cannot be read as any of its cases.</summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(Disc), "disc")]
public abstract class Figure
{
    public string Name { get; set; } = string.Empty;
}

/// <summary>The one case of <see cref="Figure"/>.</summary>
public sealed class Disc : Figure
{
    public double Radius { get; set; }
}
