using System.Runtime.Serialization;

namespace FastFormatters.Samples.WebApi.Models;

/// <summary>A status (tweet), shaped like the Twitter search API; member names are the API's own snake_case names.</summary>
public sealed class Status
{
    [DataMember(Name = "metadata")]
    public StatusMetadata Metadata { get; set; } = new();

    [DataMember(Name = "created_at")]
    public DateTimeOffset CreatedAt { get; set; }

    [DataMember(Name = "id")]
    public long Id { get; set; }

    [DataMember(Name = "id_str")]
    public string IdStr { get; set; } = string.Empty;

    [DataMember(Name = "text")]
    public string Text { get; set; } = string.Empty;

    [DataMember(Name = "source")]
    public string Source { get; set; } = string.Empty;

    [DataMember(Name = "truncated")]
    public bool Truncated { get; set; }

    [DataMember(Name = "in_reply_to_status_id")]
    public long? InReplyToStatusId { get; set; }

    [DataMember(Name = "in_reply_to_user_id")]
    public long? InReplyToUserId { get; set; }

    [DataMember(Name = "in_reply_to_screen_name")]
    public string? InReplyToScreenName { get; set; }

    [DataMember(Name = "user")]
    public User User { get; set; } = new();

    [DataMember(Name = "geo")]
    public object? Geo { get; set; }

    [DataMember(Name = "retweet_count")]
    public int RetweetCount { get; set; }

    [DataMember(Name = "favorite_count")]
    public int FavoriteCount { get; set; }

    [DataMember(Name = "entities")]
    public Entities Entities { get; set; } = new();

    [DataMember(Name = "favorited")]
    public bool Favorited { get; set; }

    [DataMember(Name = "retweeted")]
    public bool Retweeted { get; set; }

    [DataMember(Name = "possibly_sensitive")]
    public bool? PossiblySensitive { get; set; }

    [DataMember(Name = "lang")]
    public string Lang { get; set; } = string.Empty;
}

public sealed class StatusMetadata
{
    [DataMember(Name = "result_type")]
    public string ResultType { get; set; } = "recent";

    [DataMember(Name = "iso_language_code")]
    public string IsoLanguageCode { get; set; } = "en";
}

public sealed class User
{
    [DataMember(Name = "id")]
    public long Id { get; set; }

    [DataMember(Name = "id_str")]
    public string IdStr { get; set; } = string.Empty;

    [DataMember(Name = "name")]
    public string Name { get; set; } = string.Empty;

    [DataMember(Name = "screen_name")]
    public string ScreenName { get; set; } = string.Empty;

    [DataMember(Name = "location")]
    public string Location { get; set; } = string.Empty;

    [DataMember(Name = "description")]
    public string Description { get; set; } = string.Empty;

    [DataMember(Name = "url")]
    public string? Url { get; set; }

    [DataMember(Name = "protected")]
    public bool Protected { get; set; }

    [DataMember(Name = "followers_count")]
    public int FollowersCount { get; set; }

    [DataMember(Name = "friends_count")]
    public int FriendsCount { get; set; }

    [DataMember(Name = "listed_count")]
    public int ListedCount { get; set; }

    [DataMember(Name = "created_at")]
    public DateTimeOffset CreatedAt { get; set; }

    [DataMember(Name = "favourites_count")]
    public int FavouritesCount { get; set; }

    [DataMember(Name = "utc_offset")]
    public int? UtcOffset { get; set; }

    [DataMember(Name = "time_zone")]
    public string? TimeZone { get; set; }

    [DataMember(Name = "geo_enabled")]
    public bool GeoEnabled { get; set; }

    [DataMember(Name = "verified")]
    public bool Verified { get; set; }

    [DataMember(Name = "statuses_count")]
    public int StatusesCount { get; set; }

    [DataMember(Name = "lang")]
    public string Lang { get; set; } = string.Empty;

    [DataMember(Name = "profile_background_color")]
    public string ProfileBackgroundColor { get; set; } = "C0DEED";

    [DataMember(Name = "profile_image_url_https")]
    public string ProfileImageUrlHttps { get; set; } = string.Empty;

    [DataMember(Name = "default_profile")]
    public bool DefaultProfile { get; set; }

    [DataMember(Name = "following")]
    public bool? Following { get; set; }
}

public sealed class Entities
{
    [DataMember(Name = "hashtags")]
    public List<Hashtag> Hashtags { get; set; } = [];

    [DataMember(Name = "symbols")]
    public List<object> Symbols { get; set; } = [];

    [DataMember(Name = "urls")]
    public List<UrlEntity> Urls { get; set; } = [];

    [DataMember(Name = "user_mentions")]
    public List<UserMention> UserMentions { get; set; } = [];
}

public sealed class Hashtag
{
    [DataMember(Name = "text")]
    public string Text { get; set; } = string.Empty;

    [DataMember(Name = "indices")]
    public int[] Indices { get; set; } = [];
}

public sealed class UrlEntity
{
    [DataMember(Name = "url")]
    public string Url { get; set; } = string.Empty;

    [DataMember(Name = "expanded_url")]
    public string ExpandedUrl { get; set; } = string.Empty;

    [DataMember(Name = "display_url")]
    public string DisplayUrl { get; set; } = string.Empty;

    [DataMember(Name = "indices")]
    public int[] Indices { get; set; } = [];
}

public sealed class UserMention
{
    [DataMember(Name = "screen_name")]
    public string ScreenName { get; set; } = string.Empty;

    [DataMember(Name = "name")]
    public string Name { get; set; } = string.Empty;

    [DataMember(Name = "id")]
    public long Id { get; set; }

    [DataMember(Name = "id_str")]
    public string IdStr { get; set; } = string.Empty;

    [DataMember(Name = "indices")]
    public int[] Indices { get; set; } = [];
}
