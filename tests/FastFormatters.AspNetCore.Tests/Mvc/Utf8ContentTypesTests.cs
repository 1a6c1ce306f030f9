using FastFormatters.Mvc;
using Microsoft.Extensions.Primitives;

namespace FastFormatters.AspNetCore.Tests.Mvc;

/// <summary>
/// MVC's response content types with their charset: made once per media type and reused, exact in every case, also
/// past the bound on how many are kept.
/// </summary>
public sealed class Utf8ContentTypesTests
{
    [Fact]
    public void A_media_type_seen_before_gets_the_same_string_without_building_one()
    {
        var contentTypes = new Utf8ContentTypes();
        const string accept = "text/html, application/json;q=0.9";

        string first = contentTypes.For(new StringSegment(accept, 11, 16));
        string second = contentTypes.For(new StringSegment(accept, 11, 16));

        Assert.Equal("application/json; charset=utf-8", first);
        Assert.Same(first, second);
        Assert.Equal(0, GcAllocationsOf(() => contentTypes.For(new StringSegment(accept, 11, 16))));
    }

    [Fact]
    public void Media_types_past_the_bound_are_still_exact()
    {
        var contentTypes = new Utf8ContentTypes();

        for (int i = 0; i < 40; i++)
        {
            Assert.Equal($"application/vnd.v{i}+json; charset=utf-8", contentTypes.For($"application/vnd.v{i}+json"));
        }

        Assert.Equal("application/vnd.v3+json; charset=utf-8", contentTypes.For("application/vnd.v3+json"));
        Assert.Equal("Application/JSON; charset=utf-8", contentTypes.For("Application/JSON"));
    }

    private static long GcAllocationsOf(Action action)
    {
        action();
        long before = GC.GetAllocatedBytesForCurrentThread();
        action();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
