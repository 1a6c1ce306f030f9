namespace FastFormatters.IntegrationTests.ErrorParity;

/// <summary>The body ASP.NET Core's own JSON formatter tests post: scalars of several types and a nested object.</summary>
public sealed class Member
{
    public string? Name { get; set; }

    public decimal Age { get; set; }

    public byte Small { get; set; }

    public MemberLogin? Login { get; set; }
}
