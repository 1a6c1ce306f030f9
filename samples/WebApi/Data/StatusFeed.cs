using FastFormatters.Samples.WebApi.Models;

namespace FastFormatters.Samples.WebApi.Data;

/// <summary>
/// Generates a Twitter-shaped feed deterministically: status <c>i</c> is always the same, whatever the count asked for,
/// so tests and benchmarks can compare formats and runs byte for byte. The text mixes ASCII, accents, CJK, emoji and
/// characters JSON must escape.
/// </summary>
public static class StatusFeed
{
    /// <summary>The largest feed one request may ask for.</summary>
    public const int MaxCount = 10_000;

    private static readonly string[] s_texts =
    [
        "Just shipped a new release 🚀 — faster formatters for everyone!",
        "東京の天気は晴れです。今日はとても暖かい。",
        "Café au lait, crème brûlée et façade: le français a des accents.",
        "Quotes \"inside\" text, a backslash \\ and a tab\there.",
        "Line one\nline two\r\nline three",
        "Emoji mix: 😀😃😄 👩‍💻 🇯🇵 and the end.",
        "Привет, мир! Съешь же ещё этих мягких французских булок.",
        "مرحبا بالعالم — right-to-left text in a left-to-right feed.",
        "Control chars \u0001 and \u001f must be escaped.",
        "Plain ASCII status with a #hashtag and a link https://t.co/abc123",
    ];

    private static readonly string[] s_languages = ["en", "ja", "fr", "en", "en", "en", "ru", "ar", "en", "en"];
    private static readonly string[] s_locations = ["Tokyo", "Paris", "", "San Francisco, CA", "Москва", "東京都"];
    private static readonly DateTimeOffset s_epoch = new(2024, 3, 1, 12, 0, 0, TimeSpan.Zero);

    /// <summary>The first <paramref name="count"/> statuses of the feed.</summary>
    public static List<Status> Generate(int count)
    {
        var statuses = new List<Status>(count);
        for (int i = 0; i < count; i++)
        {
            statuses.Add(Create(i));
        }

        return statuses;
    }

    /// <summary>The largest feed one streaming request may ask for.</summary>
    public const int MaxStreamCount = 1_000_000;

    /// <summary>
    /// The first <paramref name="count"/> statuses, produced one at a time as a database cursor would, so a response
    /// of any length never holds the whole feed.
    /// </summary>
    public static async IAsyncEnumerable<Status> StreamAsync(int count, [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < count; i++)
        {
            if (i % 1000 == 999)
            {
                // Where a real source would wait for its next page.
                await Task.Yield();
                cancellationToken.ThrowIfCancellationRequested();
            }

            yield return Create(i);
        }
    }

    /// <summary>Status number <paramref name="index"/>.</summary>
    public static Status Create(int index)
    {
        var random = new Random(index * 7919 + 17);
        long id = 505_874_924_095_815_681L + index;
        long userId = 1_186_275_104L + (index % 37) * 1_000_003L;
        string screenName = $"user_{index % 37:D2}";
        int kind = index % s_texts.Length;
        bool isReply = index % 5 == 3;
        return new Status
        {
            Metadata = new StatusMetadata { ResultType = "recent", IsoLanguageCode = s_languages[kind] },
            CreatedAt = s_epoch.AddSeconds(-index * 97),
            Id = id,
            IdStr = id.ToString(System.Globalization.CultureInfo.InvariantCulture),
            Text = $"{s_texts[kind]} #{index}",
            Source = "<a href=\"https://fastformatters.example/app\" rel=\"nofollow\">FastFormatters for iOS</a>",
            Truncated = false,
            InReplyToStatusId = isReply ? id - 11 : null,
            InReplyToUserId = isReply ? userId + 1 : null,
            InReplyToScreenName = isReply ? $"user_{(index + 1) % 37:D2}" : null,
            User = new User
            {
                Id = userId,
                IdStr = userId.ToString(System.Globalization.CultureInfo.InvariantCulture),
                Name = kind == 1 ? "山田 太郎" : $"User Number {index % 37}",
                ScreenName = screenName,
                Location = s_locations[index % s_locations.Length],
                Description = kind == 6 ? "Разработчик 🧑‍💻 и \"любитель\" кофе" : "Writes code, drinks coffee. Opinions are my own.",
                Url = index % 3 == 0 ? null : $"https://example.com/{screenName}",
                Protected = false,
                FollowersCount = random.Next(0, 1_000_000),
                FriendsCount = random.Next(0, 5_000),
                ListedCount = random.Next(0, 500),
                CreatedAt = s_epoch.AddDays(-1000 - index % 37),
                FavouritesCount = random.Next(0, 100_000),
                UtcOffset = index % 4 == 0 ? null : 32400,
                TimeZone = index % 4 == 0 ? null : "Tokyo",
                GeoEnabled = random.Next(2) == 0,
                Verified = index % 11 == 0,
                StatusesCount = random.Next(1, 200_000),
                Lang = s_languages[kind],
                ProfileBackgroundColor = "C0DEED",
                ProfileImageUrlHttps = $"https://pbs.example.com/profile_images/{userId}/avatar_normal.png",
                DefaultProfile = index % 2 == 0,
                Following = index % 6 == 0 ? null : false,
            },
            Geo = null,
            RetweetCount = random.Next(0, 10_000),
            FavoriteCount = random.Next(0, 50_000),
            Entities = new Entities
            {
                Hashtags = index % 2 == 0 ? [new Hashtag { Text = "fast", Indices = [10, 15] }] : [],
                Urls = kind == 9
                    ? [new UrlEntity { Url = "https://t.co/abc123", ExpandedUrl = "https://example.com/a/very/long/path", DisplayUrl = "example.com/a/very…", Indices = [47, 70] }]
                    : [],
                UserMentions = isReply
                    ? [new UserMention { ScreenName = $"user_{(index + 1) % 37:D2}", Name = "Someone Else", Id = userId + 1, IdStr = (userId + 1).ToString(System.Globalization.CultureInfo.InvariantCulture), Indices = [0, 8] }]
                    : [],
            },
            Favorited = false,
            Retweeted = index % 13 == 0,
            PossiblySensitive = index % 9 == 0 ? null : false,
            Lang = s_languages[kind],
        };
    }
}
