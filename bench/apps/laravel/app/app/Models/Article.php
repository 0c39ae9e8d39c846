<?php
namespace App\Models;

use Illuminate\Database\Eloquent\Model;

class Article extends Model
{
    public $timestamps = false;
    protected $casts = ['published_at' => 'datetime', 'tags' => 'array'];
}
