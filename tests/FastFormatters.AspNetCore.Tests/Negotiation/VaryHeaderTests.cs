using FastFormatters.Negotiation;
using Microsoft.AspNetCore.Http;

namespace FastFormatters.AspNetCore.Tests.Negotiation;

public sealed class VaryHeaderTests
{
    [Theory]
    [InlineData(null, "Accept")]
    [InlineData("Origin", "Origin,Accept")]
    [InlineData("Origin, accept", "Origin, accept")]
    [InlineData("*", "*")]
    [InlineData("Accept-Encoding", "Accept-Encoding,Accept")]
    public void Accept_is_added_once(string? existing, string expected)
    {
        IHeaderDictionary headers = new HeaderDictionary();
        if (existing is not null)
        {
            headers.Vary = existing;
        }

        VaryHeader.AddAccept(headers);
        VaryHeader.AddAccept(headers);

        Assert.Equal(expected, headers.Vary.ToString());
    }
}
