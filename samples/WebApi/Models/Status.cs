using System.Text.Json.Serialization;

namespace FastFormatters.Samples.WebApi.Models;

/// <summary>A status (tweet), shaped like the Twitter search API; member names are the API's own snake_case names.</summary>
public sealed class Status
{
    [JsonPropertyName("metadata")]
    public StatusMetadata Metadata { get; set; } = new();

    [JsonPropertyName("created_at")]
    public DateTimeOffset CreatedAt { get; set; }

    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = string.Empty;

    [JsonPropertyName("text")]
    public string Text { get; set; } = string.Empty;

    [JsonPropertyName("source")]
    public string Source { get; set; } = string.Empty;

    [JsonPropertyName("truncated")]
    public bool Truncated { get; set; }

    [JsonPropertyName("in_reply_to_status_id")]
    public long? InReplyToStatusId { get; set; }

    [JsonPropertyName("in_reply_to_user_id")]
    public long? InReplyToUserId { get; set; }

    [JsonPropertyName("in_reply_to_screen_name")]
    public string? InReplyToScreenName { get; set; }

    [JsonPropertyName("user")]
    public User User { get; set; } = new();

    [JsonPropertyName("geo")]
    public object? Geo { get; set; }

    [JsonPropertyName("retweet_count")]
    public int RetweetCount { get; set; }

    [JsonPropertyName("favorite_count")]
    public int FavoriteCount { get; set; }

    [JsonPropertyName("entities")]
    public Entities Entities { get; set; } = new();

    [JsonPropertyName("favorited")]
    public bool Favorited { get; set; }

    [JsonPropertyName("retweeted")]
    public bool Retweeted { get; set; }

    [JsonPropertyName("possibly_sensitive")]
    public bool? PossiblySensitive { get; set; }

    [JsonPropertyName("lang")]
    public string Lang { get; set; } = string.Empty;
}

public sealed class StatusMetadata
{
    [JsonPropertyName("result_type")]
    public string ResultType { get; set; } = "recent";

    [JsonPropertyName("iso_language_code")]
    public string IsoLanguageCode { get; set; } = "en";
}

public sealed class User
{
    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = string.Empty;

    [JsonPropertyName("name")]
    public string Name { get; set; } = string.Empty;

    [JsonPropertyName("screen_name")]
    public string ScreenName { get; set; } = string.Empty;

    [JsonPropertyName("location")]
    public string Location { get; set; } = string.Empty;

    [JsonPropertyName("description")]
    public string Description { get; set; } = string.Empty;

    [JsonPropertyName("url")]
    public string? Url { get; set; }

    [JsonPropertyName("protected")]
    public bool Protected { get; set; }

    [JsonPropertyName("followers_count")]
    public int FollowersCount { get; set; }

    [JsonPropertyName("friends_count")]
    public int FriendsCount { get; set; }

    [JsonPropertyName("listed_count")]
    public int ListedCount { get; set; }

    [JsonPropertyName("created_at")]
    public DateTimeOffset CreatedAt { get; set; }

    [JsonPropertyName("favourites_count")]
    public int FavouritesCount { get; set; }

    [JsonPropertyName("utc_offset")]
    public int? UtcOffset { get; set; }

    [JsonPropertyName("time_zone")]
    public string? TimeZone { get; set; }

    [JsonPropertyName("geo_enabled")]
    public bool GeoEnabled { get; set; }

    [JsonPropertyName("verified")]
    public bool Verified { get; set; }

    [JsonPropertyName("statuses_count")]
    public int StatusesCount { get; set; }

    [JsonPropertyName("lang")]
    public string Lang { get; set; } = string.Empty;

    [JsonPropertyName("profile_background_color")]
    public string ProfileBackgroundColor { get; set; } = "C0DEED";

    [JsonPropertyName("profile_image_url_https")]
    public string ProfileImageUrlHttps { get; set; } = string.Empty;

    [JsonPropertyName("default_profile")]
    public bool DefaultProfile { get; set; }

    [JsonPropertyName("following")]
    public bool? Following { get; set; }
}

public sealed class Entities
{
    [JsonPropertyName("hashtags")]
    public List<Hashtag> Hashtags { get; set; } = [];

    [JsonPropertyName("symbols")]
    public List<object> Symbols { get; set; } = [];

    [JsonPropertyName("urls")]
    public List<UrlEntity> Urls { get; set; } = [];

    [JsonPropertyName("user_mentions")]
    public List<UserMention> UserMentions { get; set; } = [];
}

public sealed class Hashtag
{
    [JsonPropertyName("text")]
    public string Text { get; set; } = string.Empty;

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = [];
}

public sealed class UrlEntity
{
    [JsonPropertyName("url")]
    public string Url { get; set; } = string.Empty;

    [JsonPropertyName("expanded_url")]
    public string ExpandedUrl { get; set; } = string.Empty;

    [JsonPropertyName("display_url")]
    public string DisplayUrl { get; set; } = string.Empty;

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = [];
}

public sealed class UserMention
{
    [JsonPropertyName("screen_name")]
    public string ScreenName { get; set; } = string.Empty;

    [JsonPropertyName("name")]
    public string Name { get; set; } = string.Empty;

    [JsonPropertyName("id")]
    public long Id { get; set; }

    [JsonPropertyName("id_str")]
    public string IdStr { get; set; } = string.Empty;

    [JsonPropertyName("indices")]
    public int[] Indices { get; set; } = [];
}
